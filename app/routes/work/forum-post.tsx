import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireProjectAccess } from "~/auth/project-guard.server";
import type { ForumActionData } from "~/components/work/forum/screen";
import { forumPostHref } from "~/components/work/forum/addresses";
import { findDeleteTarget, ForumDeleteDialog } from "~/components/work/forum/delete-dialog";
import { PostCard } from "~/components/work/forum/post-card";
import { ProjectTabs, projectTabHref } from "~/components/work/project-tabs";
import { useHydrated } from "~/hooks/use-hydrated";
import { forumPostPath, getPost } from "~/models/forum.server";
import { forumIntentSchema } from "~/schemas/forum";
import { invariantResponse, orErrorScreen } from "~/utils/errors.server";
import { readForm } from "~/utils/forms.server";
import { isId } from "~/utils/ids";
import { forumBackUrl, handleForumIntent } from "./forum-action.server";
import { WorkErrorScreen } from "./project-layout";

/**
 * A forum post's own page (`/work/projects/$projectId/forum/$postId`): the post with all its
 * replies, the address to share, and the same forms as the Forum tab. A malformed id is 400, a
 * post that is not this project's 404.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Post by ${data.post.authorName} · Gainers Hub` : "Forum post · Gainers Hub" },
];

async function requirePostParams(request: Request, params: LoaderFunctionArgs["params"]) {
  const access = await requireProjectAccess(request, params.projectId);
  invariantResponse(isId(params.postId), "This post address is not valid.");
  return { access, postId: params.postId };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { access, postId } = await requirePostParams(request, params);
  const { post } = await orErrorScreen(getPost(access.actor, postId, access.projectId));
  const url = new URL(request.url);
  return {
    post,
    address: `${url.origin}${forumPostPath(access.projectId, postId)}`,
    editing: url.searchParams.get("edit"),
    deleting: url.searchParams.get("delete"),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { access } = await requirePostParams(request, params);
  const formData = await readForm(request);
  const parsed = forumIntentSchema.safeParse(Object.fromEntries(formData));
  invariantResponse(parsed.success, "This form is missing what it needs.");
  const forumTab = projectTabHref(access.projectId, "forum");
  return handleForumIntent(access, parsed.data, formData, {
    back: forumBackUrl(request, []),
    afterCreate: forumTab,
    afterDeletePost: forumTab,
  });
}

export default function ForumPost() {
  const { post, address, editing, deleting } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ForumActionData | undefined;
  const hydrated = useHydrated();
  const here = forumPostHref(post.projectId, post.postId);
  const deleteTarget = findDeleteTarget([post], deleting);
  return (
    <div className="space-y-5">
      <ProjectTabs projectId={post.projectId} current="forum" back="← Back to Forum" />
      {deleteTarget ? <ForumDeleteDialog target={deleteTarget} closeTo={here} /> : null}
      <section aria-labelledby="share-title" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
        <h2 id="share-title" className="font-semibold">
          Link to this post
        </h2>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <input
            readOnly
            value={address}
            aria-labelledby="share-title"
            className="min-h-11 min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 text-sm"
          />
        </div>
      </section>
      <PostCard post={post} screen={{ here, editing, actionData, hydrated }} standalone />
    </div>
  );
}

export function ErrorBoundary() {
  return <WorkErrorScreen notFound={{ title: "Post not found", body: "This post does not exist or was removed." }} />;
}
