import { useFetcher } from "@remix-run/react";
import type { ForumActionData } from "./screen";
import { type ForumItemKind, idFieldOf } from "./addresses";

/** Like or unlike a post or reply: a fetcher whose answer shows at once (optimistic). */
export function LikeButton({
  kind,
  id,
  liked,
  count,
  hydrated,
}: {
  kind: ForumItemKind;
  id: string;
  liked: boolean;
  count: number;
  hydrated: boolean;
}) {
  const intent = `like-${kind}`;
  const fetcher = useFetcher<ForumActionData>({ key: `${intent}-${id}` });
  // What was asked for shows at once; when the fetcher settles the loader's answer shows, so a
  // refusal rolls back by itself (its toast comes as the root's flash message).
  const asked = fetcher.formData?.get("liked");
  const shownLiked = typeof asked === "string" ? asked === "true" : liked;
  const shownCount = Math.max(0, count + (shownLiked === liked ? 0 : shownLiked ? 1 : -1));
  return (
    <fetcher.Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={idFieldOf(kind)} value={id} />
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
