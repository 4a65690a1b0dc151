import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import type { z, ZodTypeAny } from "zod";
import type { ProjectAccess } from "~/models/membership.server";
import {
  addPost,
  addReply,
  deletePost,
  deleteReply,
  editPost,
  editReply,
  likePost,
  likeReply,
} from "~/models/forum.server";
import { editPostSchema, editReplySchema, type ForumIntent, newPostSchema, newReplySchema } from "~/schemas/forum";
import { asDomainError, invariantResponse } from "~/utils/errors.server";
import { replyWithError } from "~/utils/forms.server";
import { redirectWithToast, toastHeader } from "~/http/toast.server";

/**
 * The forum's form actions, shared by the Forum tab and a post's own page. Without JavaScript a
 * form gets post/redirect/get with a toast (or its field errors on a 400); a fetcher (it sends
 * `via=fetcher`) gets a small answer in place, and the page's loaders revalidate by themselves.
 */
const FAILURE_TEXT: Record<ForumIntent["intent"], string> = {
  "create-post": "Failed to create post",
  "create-reply": "Failed to create reply",
  "edit-post": "Failed to save post",
  "edit-reply": "Failed to save reply",
  "like-post": "Failed to toggle like",
  "like-reply": "Failed to toggle like",
  "delete-post": "Failed to delete post",
  "delete-reply": "Failed to delete reply",
};

const SUCCESS_TEXT: Partial<Record<ForumIntent["intent"], string>> = {
  "create-post": "Post published.",
  "create-reply": "Reply added.",
  "edit-post": "Post saved.",
  "edit-reply": "Reply saved.",
  "delete-post": "Post deleted.",
  "delete-reply": "Reply deleted.",
};

/** Which composer or editor a reply belongs to, so only that form shows its errors. */
export function forumFormId(form: ForumIntent): string {
  switch (form.intent) {
    case "create-post":
      return "new-post";
    case "create-reply":
      return `reply-to-${form.postId}`;
    case "edit-post":
    case "like-post":
    case "delete-post":
      return `${form.intent}-${form.postId}`;
    case "edit-reply":
    case "like-reply":
    case "delete-reply":
      return `${form.intent}-${form.replyId}`;
  }
}

export interface ForumActionPlaces {
  /** Where the screen goes back to after a write (without JavaScript). */
  back: string;
  /** Where a new post is seen (the tab's first page, newest first). */
  afterCreate: string;
  /** Where to go once the post itself is gone. */
  afterDeletePost: string;
}

export async function handleForumIntent(
  access: ProjectAccess,
  form: ForumIntent,
  formData: FormData,
  places: ForumActionPlaces,
) {
  const actor = access.actor;
  const inPlace = formData.get("via") === "fetcher";
  const formId = forumFormId(form);
  const anchor = (postId: string) => `${places.back}#post-${postId}`;

  // Writes of content: parsed once, with the composer's own schema (the one conform uses in the
  // browser); the model gets what it parsed.
  const writeContent = async <Schema extends ZodTypeAny>(
    schema: Schema,
    write: (value: z.output<Schema>) => Promise<string>,
  ) => {
    const submission = parseWithZod(formData, { schema });
    if (submission.status !== "success") return data({ formId, result: submission.reply() }, { status: 400 });
    try {
      const to = await write(submission.value);
      if (inPlace) return data({ formId, ok: true as const, result: submission.reply({ resetForm: true }) });
      return redirectWithToast(to, { type: "success", message: SUCCESS_TEXT[form.intent]! });
    } catch (error) {
      return replyWithError(submission, error, FAILURE_TEXT[form.intent], { formId });
    }
  };
  switch (form.intent) {
    case "create-post":
      return writeContent(newPostSchema, async (value) => {
        invariantResponse(value.projectId === access.projectId, "This post belongs to another project.");
        const post = await addPost(actor, value);
        return `${places.afterCreate}#post-${post.postId}`;
      });
    case "create-reply":
      return writeContent(newReplySchema, async (value) => anchor((await addReply(actor, value)).postId));
    case "edit-post":
      return writeContent(editPostSchema, async (value) => anchor((await editPost(actor, form.postId, value)).postId));
    case "edit-reply":
      return writeContent(editReplySchema, async (value) =>
        anchor((await editReply(actor, form.replyId, value)).postId),
      );
  }

  try {
    let to = places.back;
    switch (form.intent) {
      case "like-post":
        await likePost(actor, form.postId, { liked: form.liked });
        to = anchor(form.postId);
        break;
      case "like-reply": {
        const reply = await likeReply(actor, form.replyId, { liked: form.liked });
        to = anchor(reply.postId);
        break;
      }
      case "delete-post":
        await deletePost(actor, form.postId);
        to = places.afterDeletePost;
        break;
      case "delete-reply": {
        const { postId } = await deleteReply(actor, form.replyId);
        to = anchor(postId);
        break;
      }
    }
    if (inPlace) return data({ formId, ok: true as const, toast: null });
    const message = SUCCESS_TEXT[form.intent];
    return message ? redirectWithToast(to, { type: "success", message }) : redirect(to);
  } catch (error) {
    const known = asDomainError(error);
    if (!known) throw error;
    const toast = { type: "error" as const, message: known.message || FAILURE_TEXT[form.intent] };
    // The toast also goes out as the flash message the root shows once the page revalidates: the
    // item may be gone by then (deleted by someone else), and with it the control that failed.
    if (inPlace) {
      const headers = { "Set-Cookie": await toastHeader(toast) };
      return data({ formId, ok: false as const, toast }, { status: known.status, headers });
    }
    return redirectWithToast(places.back, toast);
  }
}

/**
 * The screen's own address to come back to: its path and the list's query (search, sort, page,
 * page size), without the one-off parts (the edit or delete step, Remix's `index`).
 */
export function forumBackUrl(request: Request, keep: readonly string[] = ["tab", "q", "sort", "page", "pageSize"]) {
  const url = new URL(request.url);
  const params = new URLSearchParams();
  for (const name of keep) {
    const value = url.searchParams.get(name);
    if (value) params.set(name, value);
  }
  const search = params.toString();
  return search ? `${url.pathname}?${search}` : url.pathname;
}
