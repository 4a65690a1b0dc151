import { ConfirmDelete } from "~/components/confirm-delete";
import type { ForumPostView, ForumReplyView } from "~/models/forum.server";
import { idFieldOf } from "./addresses";
import { ForumText } from "./forum-text";

type DeleteTarget = { kind: "post"; item: ForumPostView } | { kind: "reply"; item: ForumReplyView };

/** Finds the post or reply a delete step names, among the posts on screen. */
export function findDeleteTarget(posts: ForumPostView[], id: string | null | undefined): DeleteTarget | null {
  if (!id) return null;
  for (const post of posts) {
    if (post.postId === id && post.canDelete) return { kind: "post", item: post };
    const reply = post.replies.find((r) => r.replyId === id && r.canDelete);
    if (reply) return { kind: "reply", item: reply };
  }
  return null;
}

/** The confirm step of a delete (the only one without JavaScript). */
export function ForumDeleteDialog({ target, closeTo }: { target: DeleteTarget; closeTo: string }) {
  const noun = target.kind;
  const id = target.kind === "post" ? target.item.postId : target.item.replyId;
  return (
    <ConfirmDelete
      noun={noun}
      fields={{ intent: `delete-${noun}`, [idFieldOf(noun)]: id }}
      closeTo={closeTo}
      preventScrollReset
    >
      <blockquote className="max-h-40 overflow-y-auto rounded-lg bg-slate-50 p-3">
        <ForumText content={target.item.content} />
      </blockquote>
      {noun === "post" ? <p className="text-sm text-slate-600">Its replies are deleted with it.</p> : null}
    </ConfirmDelete>
  );
}
