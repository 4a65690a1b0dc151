import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { CancelLink } from "~/components/cancel-link";
import { FormMessage, TextAreaField } from "~/components/form-fields";
import { ForumText, TimeLabel } from "~/components/work/forum/forum-text";
import type { TaskCommentView } from "~/models/task-comment.server";
import type { Page } from "~/models/project.server";
import { commentSchema } from "~/schemas/task-comment";
import { SubmitButton } from "~/components/submit-button";
import { usePendingIntent } from "~/hooks/use-pending-intent";

/**
 * A task's discussion: comments oldest first, newest last, in pages (the page opens on the
 * newest); a composer at the end; your own comments can be edited in place and deleted (an
 * admin may delete any) after a confirm step. Text shows as the forum shows it: markup as typed,
 * only http(s) addresses as links.
 */
export function TaskComments({
  comments,
  here,
  pageHref,
  editing,
  actionData,
}: {
  comments: Page<TaskCommentView>;
  here: string;
  /** The page's address with these extra parameters (keeping the comments page). */
  pageHref: (extra?: Record<string, string>) => string;
  editing: string | null;
  actionData?: { formId?: string; result?: SubmissionResult<string[]> };
}) {
  const pages = Math.max(1, Math.ceil(comments.total / comments.pageSize));
  const pagerHref = (page: number) => `${here}?comments=${page}#comments-title`;
  return (
    <section
      aria-labelledby="comments-title"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
    >
      <h3 id="comments-title" className="text-lg font-semibold">
        Comments <span className="text-slate-600">({comments.total})</span>
      </h3>
      {comments.page > 1 ? (
        <Link to={pagerHref(comments.page - 1)} className="btn-secondary">
          ← Older comments
        </Link>
      ) : null}
      {comments.total === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600">
          No comments yet — start the discussion.
        </p>
      ) : (
        <ol className="space-y-3" aria-label="Comment list">
          {comments.items.map((comment) => (
            <li key={comment.commentId} id={`comment-${comment.commentId}`} className="rounded-xl bg-slate-50 p-3">
              <p className="flex flex-wrap items-center gap-x-2 text-sm">
                <span className="font-semibold text-ink">{comment.authorName}</span>
                <span className="text-slate-600">
                  <TimeLabel iso={comment.createdAtUtc} />
                  {comment.updatedAtUtc ? " (edited)" : null}
                </span>
              </p>
              {editing === comment.commentId ? (
                <CommentForm
                  comment={comment}
                  here={here}
                  cancelHref={`${pageHref()}#comment-${comment.commentId}`}
                  actionData={actionData}
                />
              ) : (
                <>
                  <div className="mt-1">
                    <ForumText content={comment.content} />
                  </div>
                  {comment.canEdit || comment.canDelete ? (
                    <p className="mt-1 flex gap-1">
                      {comment.canEdit ? (
                        <Link
                          to={`${pageHref({ editComment: comment.commentId })}#comment-${comment.commentId}`}
                          preventScrollReset
                          className="inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
                          aria-label={`Edit your comment of ${new Date(comment.createdAtUtc).toUTCString()}`}
                        >
                          Edit
                        </Link>
                      ) : null}
                      {comment.canDelete ? (
                        <Link
                          to={`${pageHref({ deleteComment: comment.commentId })}#dialog`}
                          preventScrollReset
                          className="inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-medium text-red-700 hover:bg-red-50"
                          aria-label={`Delete the comment by ${comment.authorName}`}
                        >
                          Delete
                        </Link>
                      ) : null}
                    </p>
                  ) : null}
                </>
              )}
            </li>
          ))}
        </ol>
      )}
      {comments.page < pages ? (
        <Link to={pagerHref(comments.page + 1)} className="btn-secondary">
          Newer comments →
        </Link>
      ) : null}
      <CommentForm here={here} actionData={actionData} />
    </section>
  );
}

/** The composer (new comment) or, given a comment, its editor. */
function CommentForm({
  comment,
  here,
  cancelHref,
  actionData,
}: {
  comment?: TaskCommentView;
  here: string;
  cancelHref?: string;
  actionData?: { formId?: string; result?: SubmissionResult<string[]> };
}) {
  const formId = comment ? `edit-comment-${comment.commentId}` : "add-comment";
  const intent = comment ? "edit-comment" : "add-comment";
  const [form, fields] = useForm({
    id: formId,
    lastResult: actionData?.formId === formId ? actionData.result : null,
    constraint: getZodConstraint(commentSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: comment ? { content: comment.content } : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: commentSchema }),
  });
  const sending = usePendingIntent(intent);
  // A sent comment empties the composer once the page has it.
  const ref = useRef<HTMLFormElement>(null);
  const wasSending = useRef(false);
  useEffect(() => {
    if (wasSending.current && !sending && !comment && actionData?.formId !== formId) ref.current?.reset();
    wasSending.current = sending;
  }, [sending, comment, actionData, formId]);
  return (
    <Form
      method="post"
      action={comment ? `${here}?editComment=${comment.commentId}` : here}
      preventScrollReset
      ref={ref}
      {...getFormProps(form)}
      className="mt-2 space-y-2"
    >
      <input type="hidden" name="intent" value={intent} />
      {comment ? <input type="hidden" name="commentId" value={comment.commentId} /> : null}
      <FormMessage errors={form.errors} />
      <TextAreaField field={fields.content} label={comment ? "Edit your comment" : "Add a comment"} rows={3} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={sending} busyText={comment ? "Saving…" : "Posting…"}>
          {comment ? "Save" : "Comment"}
        </SubmitButton>
        {cancelHref ? <CancelLink to={cancelHref} preventScrollReset /> : null}
      </div>
    </Form>
  );
}
