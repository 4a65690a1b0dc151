import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { requireUser } from "~/auth/guards.server";
import { ProjectGrid } from "~/components/project-grid";
import { SearchBox } from "~/components/search-box";
import { logger } from "~/logger.server";
import { searchProjects } from "~/models/project.server";

/** Search from the home page needs sign-in; signed-out visitors come back here afterwards. */
const querySchema = z.object({
  q: z.string().trim().max(500).catch(""),
  count: z.coerce.number().int().min(1).max(50).catch(6),
});

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.q ? `Search: ${data.q} · Gainers Hub` : "Search · Gainers Hub" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const url = new URL(request.url);
  const { q, count } = querySchema.parse({
    q: url.searchParams.get("q") ?? "",
    count: url.searchParams.get("count") ?? 6,
  });
  if (!q) return { q, count, projects: [], error: null };
  try {
    return { q, count, projects: await searchProjects(q, count), error: null };
  } catch (error) {
    logger.error({ err: error, q }, "search failed");
    return { q, count, projects: [], error: error instanceof Error ? error.message : "Unknown error" };
  }
}

export default function SearchResult() {
  const { q, count, projects, error } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/search-result";
  return (
    <div className="container-page py-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-2xl font-bold">{q ? <>Results for “{q}”</> : "Search projects"}</h1>
        <SearchBox
          action="/search-result"
          defaultValue={q}
          hidden={<input type="hidden" name="count" value={count} />}
        />
      </div>
      <div className="mt-8" aria-live="polite">
        {searching ? (
          <div role="status" className="flex flex-col items-center gap-3 py-16 text-slate-600">
            <span
              className="size-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600"
              aria-hidden="true"
            />
            Searching…
          </div>
        ) : !q ? (
          <p className="text-center text-slate-700">Please enter a search term</p>
        ) : error ? (
          <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-800">
            Search Error: {error}
          </p>
        ) : projects.length === 0 ? (
          <div className="py-12 text-center">
            <p className="text-xl font-semibold">No projects found</p>
            <p className="mt-2 text-slate-600">Try refining your keywords or use different terms.</p>
          </div>
        ) : (
          <ProjectGrid projects={projects} />
        )}
      </div>
    </div>
  );
}
