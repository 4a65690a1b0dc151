import { Link } from "@remix-run/react";
import { Pagination } from "~/components/pagination";
import { SearchBox } from "~/components/search-box";
import { SegmentedLinks } from "~/components/segmented-links";
import type { ForumPage } from "~/models/forum.server";
import type { ForumQuery, ForumSort } from "~/schemas/forum";
import type { ForumActionData } from "./screen";
import { withParam } from "./addresses";
import { ForumComposer } from "./composer";
import { findDeleteTarget, ForumDeleteDialog } from "./delete-dialog";
import { PostCard } from "./post-card";

const SORT_LABELS: Record<ForumSort, string> = { newest: "Newest", top: "Top", replies: "Most replies" };

/**
 * The Forum tab: the composer (labelled with the viewer's role), search, sorts, page size, the
 * posts with their replies, and page links. Every control works without JavaScript.
 */
export function ForumBoard({
  forum,
  query,
  base,
  editing,
  deleting,
  actionData,
  hydrated,
}: {
  forum: ForumPage;
  query: ForumQuery;
  /** The tab's address without the list's query (`/work/projects/{id}?tab=forum`). */
  base: string;
  editing: string | null;
  deleting: string | null;
  actionData?: ForumActionData | null;
  hydrated: boolean;
}) {
  const listParams = new URLSearchParams(base.split("?")[1]);
  if (query.q) listParams.set("q", query.q);
  if (query.sort !== "newest") listParams.set("sort", query.sort);
  if (query.page > 1) listParams.set("page", String(query.page));
  if (query.pageSize !== 10) listParams.set("pageSize", String(query.pageSize));
  const path = base.split("?")[0]!;
  const here = `${path}?${listParams}`;
  // Changing the search, sort or page size starts again at page 1.
  const firstPage = (name: string, value: string | null) => withParam(withParam(here, "page", null), name, value);
  const deleteTarget = findDeleteTarget(forum.items, deleting);
  const pages = Math.max(1, Math.ceil(forum.total / forum.pageSize));
  const screen = { here, editing, actionData, hydrated };

  return (
    <section aria-label="Forum" className="space-y-5">
      {deleteTarget ? <ForumDeleteDialog target={deleteTarget} closeTo={here} /> : null}

      <div className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
        <ForumComposer
          kind="post"
          formId="new-post"
          label={
            <span className="flex flex-wrap items-center gap-2">
              New post
              <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
                posting as {forum.viewer.roleInProject}
              </span>
            </span>
          }
          hidden={{ projectId: forum.projectId }}
          placeholder="Share an update, ask a question…"
          actionData={actionData}
          hydrated={hydrated}
        />
      </div>

      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <div className="md:w-80">
          <SearchBox
            action={path}
            defaultValue={query.q}
            label="Search posts"
            placeholder="Search posts and authors…"
            hidden={
              <>
                <input type="hidden" name="tab" value="forum" />
                {query.sort !== "newest" ? <input type="hidden" name="sort" value={query.sort} /> : null}
                {query.pageSize !== 10 ? <input type="hidden" name="pageSize" value={query.pageSize} /> : null}
              </>
            }
          />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <SegmentedLinks
            label="Sort posts"
            current={query.sort}
            options={(Object.keys(SORT_LABELS) as ForumSort[]).map((sort) => ({
              id: sort,
              label: SORT_LABELS[sort],
              href: firstPage("sort", sort === "newest" ? null : sort),
            }))}
          />
          <SegmentedLinks
            label="Posts per page"
            current={String(query.pageSize)}
            options={["10", "20"].map((size) => ({
              id: size,
              label: `${size} per page`,
              href: firstPage("pageSize", size === "10" ? null : size),
            }))}
          />
        </div>
      </div>

      {query.q ? (
        <p className="flex flex-wrap items-center gap-3 text-slate-700" role="status">
          <span>
            {forum.total === 1 ? "1 post matches" : `${forum.total} posts match`} &ldquo;{query.q}&rdquo;.
          </span>
          <Link to={firstPage("q", null)} preventScrollReset className="font-medium text-brand-700 underline">
            Clear search
          </Link>
        </p>
      ) : null}

      {forum.items.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
          {query.q ? (
            <p className="text-slate-700">No posts match your search. Try other words or an author&apos;s name.</p>
          ) : query.page > 1 ? (
            <p className="text-slate-700">
              There is no page {query.page}.{" "}
              <Link to={firstPage("page", null)} className="font-medium text-brand-700 underline">
                Go to the first page
              </Link>
            </p>
          ) : (
            <>
              <p className="font-semibold">No posts yet</p>
              <p className="mt-1 text-slate-600">Start the conversation: ask a question or share what you are doing.</p>
            </>
          )}
        </div>
      ) : (
        <>
          <ol className="space-y-4" aria-label="Posts">
            {forum.items.map((post) => (
              <li key={post.postId}>
                <PostCard post={post} screen={screen} />
              </li>
            ))}
          </ol>
          {pages > 1 ? (
            <Pagination page={forum.page} pageSize={forum.pageSize} total={forum.total} search={listParams} />
          ) : null}
        </>
      )}
    </section>
  );
}
