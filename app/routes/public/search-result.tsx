import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { ProjectGrid } from "~/components/project-grid";
import { SearchBox } from "~/components/search-box";
import { logger } from "~/logger.server";
import { withoutControlCharacters } from "~/schemas/text";
import { findProjects } from "~/models/project.server";
import { describeMatch } from "~/search/match-text";
import { DomainError } from "~/utils/errors.server";

const DEFAULT_COUNT = 6;
const MAX_COUNT = 50;
const MAX_TERM = 500;

/** The term, trimmed with runs of whitespace (a hero search may hold newlines) made one space. */
function readTerm(raw: string | null): string {
  return withoutControlCharacters(raw ?? "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, MAX_TERM)
    .trim();
}

/** How many results: 6 unless told otherwise, kept within 1..50; anything unreadable is 6. */
function readCount(raw: string | null): number {
  if (raw === null || raw.trim() === "") return DEFAULT_COUNT;
  const count = Number(raw);
  if (!Number.isFinite(count)) return DEFAULT_COUNT;
  return Math.min(MAX_COUNT, Math.max(1, Math.trunc(count)));
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.q ? `Search: ${data.q} · Gainers Hub` : "Search · Gainers Hub" },
  { name: "robots", content: "noindex" },
];

/**
 * Search results (spec section 2). Searching needs sign-in: signed-out visitors are sent to sign
 * in and come back here. A failed search shows 'Search Error: …' instead of the page crashing.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const params = new URL(request.url).searchParams;
  const q = readTerm(params.get("q"));
  const count = readCount(params.get("count"));
  if (!q) return { q, count, projects: [], error: null };
  try {
    // Each card says why it matched ('Matched: animal, shelter', 'Spelling: dashbord → dashboard').
    const projects = (await findProjects(q, count)).map(({ reasons, ...project }) => ({
      ...project,
      matchReason: describeMatch(reasons),
    }));
    return { q, count, projects, error: null };
  } catch (error) {
    logger.error({ err: error, q }, "search failed");
    // Domain errors are written for people; anything else says no more than the API would.
    const message = error instanceof DomainError ? error.message : "Server error. Please try again later.";
    return { q, count, projects: [], error: message };
  }
}

export default function SearchResult() {
  const { q, count, projects, error } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/search-result";
  return (
    <div className="container-page py-8">
      <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words">{q ? <>Results for “{q}”</> : "Search projects"}</h1>
          {q && !error && !searching && projects.length > 0 ? (
            <p className="mt-1 text-sm text-slate-600">
              {projects.length === 1 ? "The best match" : `The ${projects.length} best matches`}, templates and running
              projects alike.
            </p>
          ) : null}
        </div>
        <div className="w-full md:max-w-md">
          <SearchBox
            action="/search-result"
            defaultValue={q}
            busy={searching}
            hidden={<input type="hidden" name="count" value={count} />}
          />
        </div>
      </div>
      <div className="mt-8">
        {searching ? (
          <Searching />
        ) : !q ? (
          <Message title="Please enter a search term">
            Describe a project, a cause or a technology, like “food bank inventory” or “React”.
          </Message>
        ) : error ? (
          <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-800">
            Search Error: {error}
          </p>
        ) : projects.length === 0 ? (
          <Message title="No projects found" action="Clear search">
            Try refining your keywords or use different terms.
          </Message>
        ) : (
          <ProjectGrid projects={projects} />
        )}
      </div>
    </div>
  );
}

function Message({
  title,
  children,
  action = "Browse all projects",
}: {
  title: string;
  children: string;
  action?: string;
}) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <p className="text-xl font-semibold">{title}</p>
      <p className="mt-2 text-slate-600">{children}</p>
      <Link to="/search-projects" className="btn-secondary mt-6">
        {action}
      </Link>
    </div>
  );
}

/** The pending search: a magnifier over a card, and the spec's 'Searching…'. */
function Searching() {
  return (
    <div role="status" className="flex flex-col items-center gap-4 py-16 text-slate-600">
      <svg viewBox="0 0 120 96" aria-hidden="true" className="h-24 w-32">
        <rect x="8" y="14" width="78" height="62" rx="10" className="fill-white stroke-slate-200" strokeWidth="2" />
        <rect x="20" y="28" width="40" height="6" rx="3" className="fill-brand-100" />
        <rect x="20" y="42" width="54" height="5" rx="2.5" className="fill-slate-200" />
        <rect x="20" y="54" width="30" height="5" rx="2.5" className="fill-slate-200" />
        <g className="origin-[78px_56px] animate-pulse motion-reduce:animate-none">
          <circle cx="78" cy="56" r="18" className="fill-brand-50/80 stroke-brand-600" strokeWidth="6" />
          <path d="M91 69l16 16" className="stroke-brand-600" strokeWidth="8" strokeLinecap="round" />
        </g>
      </svg>
      <p className="text-lg font-medium">Searching…</p>
    </div>
  );
}
