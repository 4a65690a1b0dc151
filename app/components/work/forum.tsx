import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link, useFetcher, useSubmit } from "@remix-run/react";
import { type KeyboardEvent, type ReactNode, useState } from "react";
import type { z } from "zod";
import { FieldErrors, TextAreaField } from "~/components/form-fields";
import { UrlDialog } from "~/components/url-dialog";
import type { ForumPostView, ForumReplyView } from "~/models/forum.server";
import { editPostSchema, editReplySchema, newPostSchema, newReplySchema } from "~/schemas/forum";
import { RelativeTime } from "~/components/date-time";
import { splitLinks } from "~/utils/forum-format";
import type { Toast } from "~/http/toast.server";

/**
 * The forum's pieces, shared by the Forum tab and a post's own page. Every control is a form or a
 * link that works without JavaScript; with it, composers and likes are fetchers that update the
 * page in place (likes at once, rolled back with a toast if the server refuses).
 */

/** What a forum form's action answers (see routes/work/forum-action.server.ts). */
export interface ForumActionData {
  formId?: string;
  ok?: boolean;
  result?: SubmissionResult<string[]>;
  toast?: Toast | null;
}

/** The address `here` with `name` set to `value` (or removed when null). */
export function withParam(here: string, name: string, value: string | null): string {
  const [path, search = ""] = here.split("?");
  const params = new URLSearchParams(search);
  if (value === null) params.delete(name);
  else params.set(name, value);
  const query = params.toString();
  return query ? `${path}?${query}` : path!;
}

/** Content as text: line breaks kept, http(s) addresses as links, never HTML. */
export function ForumText({ content }: { content: string }) {
  return (
    <p className="whitespace-pre-wrap break-words text-slate-800 [overflow-wrap:anywhere]">
      {splitLinks(content).map((part, index) =>
        part.type === "link" ? (
          <a
            key={index}
            href={part.href}
            rel="nofollow noopener"
            target="_blank"
            className="text-brand-700 underline underline-offset-2"
          >
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}

/** A post's, reply's or comment's age; after 30 days its date (spec section 9, Forum). */
export function TimeLabel({ iso }: { iso: string }) {
  return <RelativeTime value={iso} dateAfterDays={30} />;
}

function Byline({ item }: { item: ForumPostView | ForumReplyView }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      <span className="font-semibold text-ink">{item.authorName}</span>
      <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">{item.authorRole}</span>
      <span className="text-slate-500" aria-hidden="true">
        ·
      </span>
      <span className="text-slate-600">
        <TimeLabel iso={item.createdAtUtc} />
        {item.updatedAtUtc ? " (edited)" : null}
      </span>
    </p>
  );
}

/* ------------------------------------------------------------------------------------------ */
/* Composers                                                                                    */
/* ------------------------------------------------------------------------------------------ */

type ComposerKind = "post" | "reply" | "edit-post" | "edit-reply";

const COMPOSER: Record<
  ComposerKind,
  { intent: string; schema: z.ZodTypeAny; submit: string; busy: string; rows: number }
> = {
  post: { intent: "create-post", schema: newPostSchema, submit: "Post", busy: "Posting…", rows: 3 },
  reply: { intent: "create-reply", schema: newReplySchema, submit: "Send reply", busy: "Sending…", rows: 2 },
  "edit-post": { intent: "edit-post", schema: editPostSchema, submit: "Save", busy: "Saving…", rows: 4 },
  "edit-reply": { intent: "edit-reply", schema: editReplySchema, submit: "Save", busy: "Saving…", rows: 3 },
};

const SEND_HINT = "Ctrl+Enter (⌘+Enter on a Mac) sends.";

/**
 * A post or reply composer, or an editor. New posts and replies go through a fetcher (the list
 * updates in place and the composer empties); edits navigate, so the page leaves its edit step.
 * One rule for posts, replies and edits: Ctrl/Cmd+Enter sends, Enter starts a new line.
 */
export function ForumComposer({
  kind,
  formId,
  label,
  hidden,
  defaultContent,
  placeholder,
  actionData,
  hydrated,
  cancelHref,
}: {
  kind: ComposerKind;
  formId: string;
  label: ReactNode;
  hidden: Record<string, string>;
  defaultContent?: string;
  placeholder?: string;
  actionData?: ForumActionData | null;
  hydrated: boolean;
  cancelHref?: string;
}) {
  const config = COMPOSER[kind];
  const inPlace = kind === "post" || kind === "reply";
  const fetcher = useFetcher<ForumActionData>({ key: formId });
  const answer = inPlace && fetcher.data?.formId === formId ? fetcher.data : actionData;
  const lastResult = answer?.formId === formId ? answer.result : undefined;
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    constraint: getZodConstraint(config.schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { content: defaultContent ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: config.schema }),
  });
  const busy = inPlace && fetcher.state === "submitting";
  const FormElement = inPlace ? fetcher.Form : Form;

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
    if (!event.ctrlKey && !event.metaKey) return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  };

  return (
    <FormElement method="post" preventScrollReset {...getFormProps(form)} className="space-y-2">
      <input type="hidden" name="intent" value={config.intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {inPlace && hydrated ? <input type="hidden" name="via" value="fetcher" /> : null}
      <TextAreaField
        field={fields.content}
        label={label}
        rows={config.rows}
        hint={hydrated ? SEND_HINT : undefined}
        textareaProps={{ placeholder, onKeyDown: hydrated ? onKeyDown : undefined }}
      />
      <FieldErrors id={`${formId}-form-error`} errors={form.errors} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? config.busy : config.submit}
        </button>
        {cancelHref ? (
          <Link to={cancelHref} preventScrollReset className="btn-secondary">
            Cancel
          </Link>
        ) : null}
      </div>
    </FormElement>
  );
}

/* ------------------------------------------------------------------------------------------ */
/* Likes, links, actions                                                                        */
/* ------------------------------------------------------------------------------------------ */

function LikeButton({
  target,
  liked,
  count,
  hydrated,
}: {
  target: { intent: "like-post"; postId: string } | { intent: "like-reply"; replyId: string };
  liked: boolean;
  count: number;
  hydrated: boolean;
}) {
  const id = target.intent === "like-post" ? target.postId : target.replyId;
  const fetcher = useFetcher<ForumActionData>({ key: `${target.intent}-${id}` });
  // Optimistic: what was asked for shows at once; when the fetcher settles the loader's answer
  // shows, so a refusal rolls back by itself (its toast comes as the root's flash message).
  const asked = fetcher.formData?.get("liked");
  const shownLiked = typeof asked === "string" ? asked === "true" : liked;
  const shownCount = Math.max(0, count + (shownLiked === liked ? 0 : shownLiked ? 1 : -1));
  const idField = target.intent === "like-post" ? ["postId", target.postId] : ["replyId", target.replyId];
  return (
    <fetcher.Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={target.intent} />
      <input type="hidden" name={idField[0]} value={idField[1]} />
      <input type="hidden" name="liked" value={String(!shownLiked)} />
      {hydrated ? <input type="hidden" name="via" value="fetcher" /> : null}
      <button
        type="submit"
        aria-pressed={shownLiked}
        aria-label={`Like (${shownCount})`}
        className={`inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-medium hover:bg-slate-100 ${
          shownLiked ? "text-rose-700" : "text-slate-600"
        }`}
      >
        <span aria-hidden="true" className="text-base">
          {shownLiked ? "♥" : "♡"}
        </span>
        <span aria-hidden="true">{shownCount}</span>
        <span className="hidden sm:inline" aria-hidden="true">
          {shownLiked ? "Liked" : "Like"}
        </span>
      </button>
    </fetcher.Form>
  );
}

/**
 * 'Copy link': with JavaScript it copies the post's address; without, it is a link to the post's
 * own page, which shows the address.
 */
export function CopyLink({ path, hydrated }: { path: string; hydrated: boolean }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const className =
    "inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-slate-600 hover:bg-slate-100";
  if (!hydrated) {
    return (
      <Link to={path} className={className}>
        Copy link
      </Link>
    );
  }
  const address = `${window.location.origin}${path}`;
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <button
        type="button"
        className={className}
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(address);
            setState("copied");
          } catch {
            setState("failed");
          }
        }}
      >
        Copy link
      </button>
      <span role="status" className="text-sm text-slate-600">
        {state === "copied" ? "Link copied" : null}
      </span>
      {state === "failed" ? (
        <input
          readOnly
          aria-label="Link to this post"
          value={address}
          onFocus={(event) => event.currentTarget.select()}
          autoFocus
          className="min-h-11 w-full rounded-lg border border-slate-300 px-3 text-sm"
        />
      ) : null}
    </span>
  );
}

const actionLink = "inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-medium sm:px-3";

/** Edit and Delete for what the viewer may change; delete confirms (a step without JavaScript). */
function ItemActions({
  item,
  kind,
  here,
  hydrated,
}: {
  item: { canEdit: boolean; canDelete: boolean; content: string };
  kind: { intent: "delete-post"; postId: string } | { intent: "delete-reply"; replyId: string };
  here: string;
  hydrated: boolean;
}) {
  const submit = useSubmit();
  const id = kind.intent === "delete-post" ? kind.postId : kind.replyId;
  const noun = kind.intent === "delete-post" ? "post" : "reply";
  return (
    <>
      {item.canEdit ? (
        <Link
          to={`${withParam(withParam(here, "delete", null), "edit", id)}#edit-${id}`}
          preventScrollReset
          className={`${actionLink} text-brand-700 hover:bg-brand-50`}
          aria-label={`Edit ${noun}`}
        >
          Edit
        </Link>
      ) : null}
      {item.canDelete ? (
        <Link
          to={`${withParam(withParam(here, "edit", null), "delete", id)}#dialog`}
          preventScrollReset
          className={`${actionLink} text-red-700 hover:bg-red-50`}
          aria-label={`Delete ${noun}`}
          onClick={
            hydrated
              ? (event) => {
                  event.preventDefault();
                  if (!window.confirm(`Are you sure you want to delete this ${noun}?`)) return;
                  // A navigation, not a fetcher: a deleted post's own page has to be left.
                  submit({ ...kind }, { method: "post", preventScrollReset: true });
                }
              : undefined
          }
        >
          Delete
        </Link>
      ) : null}
    </>
  );
}

/** The confirm step of a delete (the only one without JavaScript). */
export function ForumDeleteDialog({
  target,
  closeTo,
}: {
  target: { kind: "post"; item: ForumPostView } | { kind: "reply"; item: ForumReplyView };
  closeTo: string;
}) {
  const noun = target.kind;
  return (
    <UrlDialog title={noun === "post" ? "Delete post" : "Delete reply"} closeTo={closeTo}>
      <Form method="post" preventScrollReset className="space-y-4">
        <p>Are you sure you want to delete this {noun}?</p>
        <blockquote className="max-h-40 overflow-y-auto rounded-lg bg-slate-50 p-3">
          <ForumText content={target.item.content} />
        </blockquote>
        {noun === "post" ? <p className="text-sm text-slate-600">Its replies are deleted with it.</p> : null}
        <input type="hidden" name="intent" value={`delete-${noun}`} />
        {target.kind === "post" ? (
          <input type="hidden" name="postId" value={target.item.postId} />
        ) : (
          <input type="hidden" name="replyId" value={target.item.replyId} />
        )}
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-primary bg-red-700 hover:bg-red-800">
            Delete
          </button>
          <Link to={closeTo} preventScrollReset className="btn-secondary">
            Cancel
          </Link>
        </div>
      </Form>
    </UrlDialog>
  );
}

/** Finds the post or reply a delete step names, among the posts on screen. */
export function findDeleteTarget(
  posts: ForumPostView[],
  id: string | null | undefined,
): { kind: "post"; item: ForumPostView } | { kind: "reply"; item: ForumReplyView } | null {
  if (!id) return null;
  for (const post of posts) {
    if (post.postId === id && post.canDelete) return { kind: "post", item: post };
    const reply = post.replies.find((r) => r.replyId === id && r.canDelete);
    if (reply) return { kind: "reply", item: reply };
  }
  return null;
}

/* ------------------------------------------------------------------------------------------ */
/* Posts                                                                                        */
/* ------------------------------------------------------------------------------------------ */

export function forumPostHref(projectId: string, postId: string): string {
  return `/work/projects/${projectId}/forum/${postId}`;
}

/**
 * One post: byline, content (or its editor), like, copy link, edit and delete, then its replies
 * with their likes and a reply composer (in a disclosure that opens without JavaScript).
 */
export function PostCard({
  post,
  here,
  editing,
  actionData,
  hydrated,
  standalone = false,
}: {
  post: ForumPostView;
  /** The screen's address (with the list's query), for edit and delete links. */
  here: string;
  /** The id of the post or reply being edited, if any. */
  editing: string | null;
  actionData?: ForumActionData | null;
  hydrated: boolean;
  /** On the post's own page: replies always open, no link to itself. */
  standalone?: boolean;
}) {
  const href = forumPostHref(post.projectId, post.postId);
  const cancel = withParam(here, "edit", null);
  const headingId = `post-${post.postId}-by`;
  return (
    <article
      id={`post-${post.postId}`}
      aria-labelledby={headingId}
      className="scroll-mt-24 space-y-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <h3 id={headingId} className="sr-only">
        Post by {post.authorName}
      </h3>
      <Byline item={post} />
      {editing === post.postId && post.canEdit ? (
        <div id={`edit-${post.postId}`}>
          <ForumComposer
            kind="edit-post"
            formId={`edit-post-${post.postId}`}
            label="Edit your post"
            hidden={{ postId: post.postId }}
            defaultContent={post.content}
            actionData={actionData}
            hydrated={hydrated}
            cancelHref={cancel}
          />
        </div>
      ) : (
        <ForumText content={post.content} />
      )}
      <div className="-mx-2 flex flex-wrap items-center gap-x-1">
        <LikeButton
          target={{ intent: "like-post", postId: post.postId }}
          liked={post.isLikedByCurrentUser}
          count={post.likeCount}
          hydrated={hydrated}
        />
        {standalone ? null : (
          <Link to={href} className={`${actionLink} text-slate-600 hover:bg-slate-100`}>
            {post.replyCount === 1 ? "1 reply" : `${post.replyCount} replies`}
          </Link>
        )}
        {standalone && !hydrated ? null : <CopyLink path={href} hydrated={hydrated} />}
        <ItemActions
          item={post}
          kind={{ intent: "delete-post", postId: post.postId }}
          here={here}
          hydrated={hydrated}
        />
      </div>
      <details
        // Open when there is something to read, or when the reply composer has an answer to show.
        open={standalone || post.replyCount > 0 || actionData?.formId === `reply-to-${post.postId}` ? true : undefined}
        className="group rounded-xl bg-slate-50 p-3"
      >
        <summary className="flex min-h-11 cursor-pointer items-center text-sm font-semibold text-slate-700">
          {post.replyCount === 0 ? "Write a reply" : `Replies (${post.replyCount})`}
        </summary>
        <div className="mt-2 space-y-3">
          {post.replies.length > 0 ? (
            <ul className="space-y-3" aria-label={`Replies to ${post.authorName}`}>
              {post.replies.map((reply) => (
                <ReplyItem
                  key={reply.replyId}
                  reply={reply}
                  here={here}
                  editing={editing}
                  actionData={actionData}
                  hydrated={hydrated}
                />
              ))}
            </ul>
          ) : null}
          <ForumComposer
            kind="reply"
            formId={`reply-to-${post.postId}`}
            label={`Reply to ${post.authorName}`}
            hidden={{ postId: post.postId }}
            placeholder="Write a reply…"
            actionData={actionData}
            hydrated={hydrated}
          />
        </div>
      </details>
    </article>
  );
}

function ReplyItem({
  reply,
  here,
  editing,
  actionData,
  hydrated,
}: {
  reply: ForumReplyView;
  here: string;
  editing: string | null;
  actionData?: ForumActionData | null;
  hydrated: boolean;
}) {
  return (
    <li id={`reply-${reply.replyId}`} className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
      <Byline item={reply} />
      {editing === reply.replyId && reply.canEdit ? (
        <div id={`edit-${reply.replyId}`}>
          <ForumComposer
            kind="edit-reply"
            formId={`edit-reply-${reply.replyId}`}
            label="Edit your reply"
            hidden={{ replyId: reply.replyId }}
            defaultContent={reply.content}
            actionData={actionData}
            hydrated={hydrated}
            cancelHref={withParam(here, "edit", null)}
          />
        </div>
      ) : (
        <ForumText content={reply.content} />
      )}
      <div className="-mx-2 flex flex-wrap items-center gap-x-1">
        <LikeButton
          target={{ intent: "like-reply", replyId: reply.replyId }}
          liked={reply.isLikedByCurrentUser}
          count={reply.likeCount}
          hydrated={hydrated}
        />
        <ItemActions
          item={reply}
          kind={{ intent: "delete-reply", replyId: reply.replyId }}
          here={here}
          hydrated={hydrated}
        />
      </div>
    </li>
  );
}
