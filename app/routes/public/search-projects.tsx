import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { Pagination } from "~/components/pagination";
import { useCleanGetSubmit } from "~/hooks/use-clean-get-submit";
import { ProjectGrid } from "~/components/project-grid";
import { TabLinks } from "~/components/tab-links";
import { logger } from "~/logger.server";
import {
  type CatalogueList,
  type CataloguePage,
  listCatalogue,
  listFilterOptions,
  type Page,
  type ProjectSummary,
} from "~/models/project.server";
import { type CatalogueFilters, catalogueFiltersSchema } from "~/schemas/catalogue";
import { DURATION_RANGES } from "~/schemas/duration-ranges";
import { cleanerUrl } from "~/utils/clean-query";
import { describeMatch } from "~/search/match-text";
import { sharedPageHeaders } from "~/utils/shared-cache";

/** Visitors all see the same page: shared caches may keep it briefly. */
export const headers = sharedPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Projects · Gainers Hub" },
  {
    name: "description",
    content:
      "Browse software projects for nonprofits: open roles, templates to start from, technologies and difficulty.",
  },
];

const TABS = [
  { id: "all", label: "All" },
  { id: "templates", label: "Templates" },
  { id: "open", label: "Open for Joining" },
] as const;
type Tab = (typeof TABS)[number]["id"];

const ALL_TAB_CARDS = 8;
const PAGE_SIZE = 12;

/** Screens forgive bad parameters: anything unreadable falls back to its default. */
const screenQuerySchema = z.object({
  tab: z.enum(["all", "templates", "open"]).catch("all"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

function readFilters(params: URLSearchParams): CatalogueFilters {
  const filters: CatalogueFilters = {};
  for (const key of ["q", "difficulty", "technology", "language", "duration"] as const) {
    const parsed = catalogueFiltersSchema.shape[key].safeParse(params.get(key) ?? undefined);
    if (parsed.success && parsed.data) Object.assign(filters, { [key]: parsed.data });
  }
  return filters;
}

/** A search's card says why it matched ('Matched: food, bank'), as on /search-result. */
type Card = ProjectSummary & { matchReason?: string };
type Section = { page: Page<Card> | null; hasMore: boolean; counted: boolean };

function withReasons({ reasons, ...page }: CataloguePage): Page<Card> {
  if (!reasons) return page;
  return {
    ...page,
    items: page.items.map((item) => {
      const found = reasons[item.projectId];
      return found ? { ...item, matchReason: describeMatch(found) } : item;
    }),
  };
}

async function loadSection(load: Promise<CataloguePage>, what: string, limit: number | null): Promise<Section> {
  try {
    const page = withReasons(await load);
    if (limit === null) return { page, hasMore: page.page * page.pageSize < page.total, counted: true };
    return { page: { ...page, items: page.items.slice(0, limit) }, hasMore: page.items.length > limit, counted: false };
  } catch (error) {
    logger.error({ err: error }, `catalogue: ${what} failed to load`);
    return { page: null, hasMore: false, counted: false };
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  // The form without JavaScript sends `q=+++x+++&difficulty=`: one redirect to the clean address.
  const clean = cleanerUrl(new URL(request.url));
  if (clean) throw redirect(clean);
  const params = new URL(request.url).searchParams;
  const { tab, page } = screenQuerySchema.parse(Object.fromEntries(params));
  const filters = readFilters(params);
  // The All tab shows a few cards and a link to more: one extra card says whether there is more,
  // without counting the whole catalogue.
  const paging =
    tab === "all" ? { page: 1, pageSize: ALL_TAB_CARDS + 1, withTotal: false } : { page, pageSize: PAGE_SIZE };
  const limit = tab === "all" ? ALL_TAB_CARDS : null;
  const lists: CatalogueList[] = tab === "all" ? ["open", "templates"] : [tab];
  // Search words go through the one search (as on /search-result), asked once for both lists.
  const pages = listCatalogue(lists, filters, paging);
  const section = (list: CatalogueList, what: string) =>
    lists.includes(list) ? loadSection(pages[list], what, limit) : null;
  const [open, templates, options] = await Promise.all([
    section("open", "open projects"),
    section("templates", "templates"),
    listFilterOptions().catch(() => ({ technologies: [], languages: [] })),
  ]);
  return { tab: tab as Tab, page, filters, open, templates, options };
}

export default function Catalogue() {
  const { tab, filters, open, templates, options } = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigation = useNavigation();
  const submitClean = useCleanGetSubmit("/search-projects");
  const search = new URLSearchParams(location.search);
  const loading = navigation.state === "loading" && navigation.location.pathname === "/search-projects";
  const activeFilters = (["difficulty", "technology", "language", "duration"] as const).filter((key) => filters[key]);
  // An empty result of a search or filter offers the way back to everything on this tab.
  const narrowed = Boolean(filters.q) || activeFilters.length > 0;
  const clear = !narrowed ? null : tab === "all" ? "/search-projects" : `?tab=${tab}`;

  const tabHref = (id: Tab) => {
    const params = new URLSearchParams(search);
    params.delete("page");
    if (id === "all") params.delete("tab");
    else params.set("tab", id);
    const query = params.toString();
    return query ? `?${query}` : "/search-projects";
  };
  const withoutFilter = (key: string) => {
    const params = new URLSearchParams(search);
    params.delete(key);
    params.delete("page");
    return `?${params}`;
  };

  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-bold">Projects</h1>

      <Form method="get" action="/search-projects" role="search" className="mt-5 space-y-3" onSubmit={submitClean}>
        {tab !== "all" ? <input type="hidden" name="tab" value={tab} /> : null}
        <div className="flex max-w-2xl items-center gap-2">
          <label htmlFor="catalogue-q" className="sr-only">
            Search projects
          </label>
          <input
            id="catalogue-q"
            type="search"
            name="q"
            key={filters.q ?? ""}
            defaultValue={filters.q ?? ""}
            maxLength={200}
            placeholder="Search projects, technologies..."
            className="min-h-11 flex-1 rounded-lg border border-slate-300 bg-white px-4 text-base focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500"
          />
          <button type="submit" className="btn-primary !px-4" aria-label="Search">
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 fill-current">
              <path d="M8.5 3a5.5 5.5 0 1 0 3.4 9.8l3.6 3.6 1.1-1.1-3.6-3.6A5.5 5.5 0 0 0 8.5 3Zm0 1.5a4 4 0 1 1 0 8 4 4 0 0 1 0-8Z" />
            </svg>
          </button>
        </div>
        <details
          open={activeFilters.length > 0}
          className="group max-w-4xl rounded-xl border border-slate-200 bg-white"
        >
          <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 rounded-xl px-4 font-semibold hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
            <span className="inline-flex items-center gap-2">
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 fill-current text-slate-600">
                <path d="M3 5h14v1.5H3zm3 4.25h8v1.5H6zm2.5 4.25h3V15h-3z" />
              </svg>
              Filters{activeFilters.length ? ` (${activeFilters.length})` : ""}
            </span>
            <span className="inline-flex items-center gap-1 text-sm font-medium text-slate-600">
              <span className="group-open:hidden">Show</span>
              <span className="hidden group-open:inline">Hide</span>
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                className="size-5 fill-current transition-transform group-open:rotate-180"
              >
                <path d="M5.5 7.5 10 12l4.5-4.5 1 1L10 14 4.5 8.5z" />
              </svg>
            </span>
          </summary>
          <div className="grid gap-4 border-t border-slate-100 p-4 sm:grid-cols-2 lg:grid-cols-4">
            <FilterSelect
              name="difficulty"
              label="Difficulty"
              value={filters.difficulty}
              options={["Beginner", "Intermediate", "Advanced"]}
            />
            <FilterSelect
              name="technology"
              label="Technology"
              value={filters.technology}
              options={options.technologies}
            />
            <FilterSelect name="language" label="Language" value={filters.language} options={options.languages} />
            <FilterSelect
              name="duration"
              label="Duration"
              value={filters.duration}
              options={Object.entries(DURATION_RANGES).map(([value, range]) => ({ value, label: range.label }))}
            />
            <div className="flex flex-wrap gap-3 sm:col-span-2 lg:col-span-4">
              <button type="submit" className="btn-primary">
                Apply filters
              </button>
              <Link to={tab === "all" ? "/search-projects" : `?tab=${tab}`} className="btn-secondary">
                Clear filters
              </Link>
            </div>
          </div>
        </details>
      </Form>

      {activeFilters.length ? (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Active filters">
          {activeFilters.map((key) => (
            <li key={key}>
              <Link
                to={withoutFilter(key)}
                className="inline-flex min-h-9 items-center gap-1 rounded-full bg-brand-50 px-3 text-sm text-brand-700 hover:bg-brand-100"
              >
                {key === "duration" ? DURATION_RANGES[filters.duration!].label : filters[key]}
                <span aria-hidden="true">×</span>
                <span className="sr-only">Remove filter</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}

      <TabLinks
        label="Catalogue sections"
        className="mt-6"
        current={tab}
        tabs={TABS.map((item) => ({ id: item.id, label: item.label, href: tabHref(item.id) }))}
      />

      <div className="relative mt-6">
        {loading ? (
          <div
            role="status"
            className="absolute inset-0 z-10 flex flex-col items-center gap-1 bg-white/80 pt-16 text-center"
          >
            <p className="font-semibold">Finding projects for you…</p>
            <p className="text-sm text-slate-600">This can take a few seconds.</p>
          </div>
        ) : null}
        <div className="space-y-12">
          {(["open", "templates"] as const).map((kind) => {
            const section = kind === "open" ? open : templates;
            // On All, each section shows its first page and links to its own tab for more.
            const more = tab === "all" ? tabHref(kind) : null;
            return section ? (
              <CatalogueSection key={kind} kind={kind} section={section} more={more} search={search} clear={clear} />
            ) : null;
          })}
        </div>
      </div>
    </div>
  );
}

/** Each section's words (spec section 1, Catalogue). */
const SECTION_TEXTS = {
  open: {
    title: "Projects Open for Joining",
    empty: "No active projects available for joining",
    failed: "Failed to load active projects.",
    more: "Find more active projects",
  },
  templates: {
    title: "Template Projects",
    empty: "No template projects available",
    failed: "Failed to load template projects.",
    more: "Find more template projects",
  },
} as const;

function CatalogueSection({
  kind,
  section,
  more,
  search,
  clear,
}: {
  kind: keyof typeof SECTION_TEXTS;
  section: Section;
  /** A link to the section's own tab (on All), instead of page links. */
  more: string | null;
  search: URLSearchParams;
  /** Where an empty result's Clear search goes, when a search or filter narrowed it. */
  clear: string | null;
}) {
  const texts = SECTION_TEXTS[kind];
  const headingId = texts.title.toLowerCase().replace(/\W+/g, "-");
  const page = section.page;
  return (
    <section aria-labelledby={headingId}>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-bold">
          {texts.title}
        </h2>
        {page && section.counted ? (
          <p className="text-sm text-slate-600">
            {page.total} {page.total === 1 ? "project" : "projects"}
          </p>
        ) : null}
      </div>
      {!page ? (
        <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-800">
          {texts.failed}
        </p>
      ) : (
        <>
          <ProjectGrid
            projects={page.items}
            empty={page.page > 1 && page.total > 0 ? undefined : texts.empty}
            emptyAction={
              clear ? (
                <Link to={clear} className="btn-secondary">
                  Clear search
                </Link>
              ) : null
            }
          />
          {page.items.length === 0 && page.page > 1 && page.total > 0 ? (
            <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
              There is nothing on this page.{" "}
              <Link to={`?${withPage(search, 1)}`} className="font-semibold text-brand-700 underline">
                Back to page 1
              </Link>
            </p>
          ) : null}
          {more && section.hasMore ? (
            <Link to={more} className="btn-secondary mt-5">
              {texts.more}
            </Link>
          ) : null}
          {!more ? <Pagination page={page.page} pageSize={page.pageSize} total={page.total} search={search} /> : null}
        </>
      )}
    </section>
  );
}

function withPage(search: URLSearchParams, page: number) {
  const params = new URLSearchParams(search);
  params.set("page", String(page));
  return params.toString();
}

function FilterSelect({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string | undefined;
  options: (string | { value: string; label: string })[];
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`filter-${name}`} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={`filter-${name}`}
        name={name}
        defaultValue={value ?? ""}
        key={value ?? ""}
        className="min-h-11 rounded-lg border border-slate-300 bg-white px-3"
      >
        <option value="">Any</option>
        {options.map((option) => {
          const item = typeof option === "string" ? { value: option, label: option } : option;
          return (
            <option key={item.value} value={item.value}>
              {item.label}
            </option>
          );
        })}
      </select>
    </div>
  );
}
