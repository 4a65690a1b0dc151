import { Link } from "@remix-run/react";
import type { ForumPostView } from "~/models/forum.server";
import { forumPostHref } from "./addresses";
import { ForumComposer } from "./composer";
import { CopyLink } from "./copy-link";
import { ForumItem } from "./forum-item";
import { actionLink } from "./item-actions";
import type { ForumScreen } from "./screen";

/**
 * One post: byline, content (or its editor), like, copy link, edit and delete, then its replies
 * with their likes and a reply composer (in a disclosure that opens without JavaScript).
 */
export function PostCard({
  post,
  screen,
  standalone = false,
}: {
  post: ForumPostView;
  screen: ForumScreen;
  /** On the post's own page: replies always open, no link to itself. */
  standalone?: boolean;
}) {
  const { actionData, hydrated } = screen;
  const id = post.postId;
  const href = forumPostHref(post.projectId, id);
  const headingId = `post-${id}-by`;
  return (
    <article
      id={`post-${id}`}
      aria-labelledby={headingId}
      className="scroll-mt-24 space-y-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <h3 id={headingId} className="sr-only">
        Post by {post.authorName}
      </h3>
      <ForumItem
        item={{ kind: "post", view: post }}
        screen={screen}
        links={
          <>
            {standalone ? null : (
              <Link to={href} className={`${actionLink} text-slate-600 hover:bg-slate-100`}>
                {post.replyCount === 1 ? "1 reply" : `${post.replyCount} replies`}
              </Link>
            )}
            {standalone && !hydrated ? null : <CopyLink path={href} hydrated={hydrated} />}
          </>
        }
      />
      <details
        // Open when there is something to read, or when the reply composer has an answer to show.
        open={standalone || post.replyCount > 0 || actionData?.formId === `reply-to-${id}` ? true : undefined}
        className="group rounded-xl bg-slate-50 p-3"
      >
        <summary className="flex min-h-11 cursor-pointer items-center text-sm font-semibold text-slate-700">
          {post.replyCount === 0 ? "Write a reply" : `Replies (${post.replyCount})`}
        </summary>
        <div className="mt-2 space-y-3">
          {post.replies.length > 0 ? (
            <ul className="space-y-3" aria-label={`Replies to ${post.authorName}`}>
              {post.replies.map((reply) => (
                <li
                  key={reply.replyId}
                  id={`reply-${reply.replyId}`}
                  className="space-y-2 rounded-lg border border-slate-200 bg-white p-3"
                >
                  <ForumItem item={{ kind: "reply", view: reply }} screen={screen} />
                </li>
              ))}
            </ul>
          ) : null}
          <ForumComposer
            kind="reply"
            formId={`reply-to-${id}`}
            label={`Reply to ${post.authorName}`}
            hidden={{ postId: id }}
            placeholder="Write a reply…"
            actionData={actionData}
            hydrated={hydrated}
          />
        </div>
      </details>
    </article>
  );
}
