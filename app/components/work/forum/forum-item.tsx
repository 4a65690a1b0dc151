import type { ReactNode } from "react";
import type { ForumPostView, ForumReplyView } from "~/models/forum.server";
import { idFieldOf, withParam } from "./addresses";
import { ForumComposer } from "./composer";
import { ForumText, TimeLabel } from "./forum-text";
import { ItemActions } from "./item-actions";
import { LikeButton } from "./like-button";
import type { ForumScreen } from "./screen";

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

/**
 * What a post and a reply both show: the author line, the text (or its editor while the viewer
 * edits it), then Like, any `links` of the post's, and Edit and Delete.
 */
export function ForumItem({
  item,
  screen,
  links,
}: {
  item: { kind: "post"; view: ForumPostView } | { kind: "reply"; view: ForumReplyView };
  screen: ForumScreen;
  links?: ReactNode;
}) {
  const { kind, view } = item;
  const id = item.kind === "post" ? item.view.postId : item.view.replyId;
  return (
    <>
      <Byline item={view} />
      {screen.editing === id && view.canEdit ? (
        <div id={`edit-${id}`}>
          <ForumComposer
            kind={`edit-${kind}`}
            formId={`edit-${kind}-${id}`}
            label={`Edit your ${kind}`}
            hidden={{ [idFieldOf(kind)]: id }}
            defaultContent={view.content}
            actionData={screen.actionData}
            hydrated={screen.hydrated}
            cancelHref={withParam(screen.here, "edit", null)}
          />
        </div>
      ) : (
        <ForumText content={view.content} />
      )}
      <div className="-mx-2 flex flex-wrap items-center gap-x-1">
        <LikeButton
          kind={kind}
          id={id}
          liked={view.isLikedByCurrentUser}
          count={view.likeCount}
          hydrated={screen.hydrated}
        />
        {links}
        <ItemActions item={view} kind={kind} id={id} here={screen.here} hydrated={screen.hydrated} />
      </div>
    </>
  );
}
