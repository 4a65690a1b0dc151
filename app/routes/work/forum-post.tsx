import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireProjectAccess } from "~/auth/project-guard.server";
import { ErrorScreen } from "~/components/error-screen";
import {
  findDeleteTarget,
  type ForumActionData,
  ForumDeleteDialog,
  forumPostHref,
  PostCard,
} from "~/components/work/forum";
import { ProjectTabs, projectTabHref } from "~/components/work/project-tabs";
import { useHydrated } from "~/hooks/use-hydrated";
import { forumPostPath, getPost } from "~/models/forum.server";
import { forumIntentSchema } from "~/schemas/forum";
import { invariantResponse, orErrorScreen } from "~/utils/errors.server";
import { readForm } from "~/utils/forms.server";
import { isId } from "~/utils/ids";
import { forumBackUrl, handleForumIntent } from "./forum-action.server";
import { WORK_ERRORS } from "./project-layout";

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
      <ProjectTabs projectId={post.projectId} current="forum" />
      <Link to={projectTabHref(post.projectId, "forum")} className="btn-secondary">
        ← Back to Forum
      </Link>
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
      <PostCard post={post} here={here} editing={editing} actionData={actionData} hydrated={hydrated} standalone />
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <ErrorScreen
      texts={{ ...WORK_ERRORS, 404: { title: "Post not found", body: "This post does not exist or was removed." } }}
      back={{ to: "/work", label: "Back to My Projects" }}
    />
  );
}
