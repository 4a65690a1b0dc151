/** A post or a reply: what the forum's forms name with `postId` or `replyId`. */
export type ForumItemKind = "post" | "reply";

export function idFieldOf(kind: ForumItemKind): "postId" | "replyId" {
  return kind === "post" ? "postId" : "replyId";
}

export function forumPostHref(projectId: string, postId: string): string {
  return `/work/projects/${projectId}/forum/${postId}`;
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
