import { isId } from "~/utils/ids";

/**
 * What the task page's address says (DESIGN principle 2: dialogs and steps are URL state): which
 * dialog or inline editor is open, which page of comments and of history shows. Shared by the
 * loader and the components, so links and the server read the same names.
 */
export interface TaskPageState {
  /** A subtask being renamed, or asked about deleting. */
  editSubtask: string | null;
  deleteSubtask: string | null;
  editTask: boolean;
  deleteTask: boolean;
  editComment: string | null;
  deleteComment: string | null;
  /** Page of comments; null: the last one (the newest). */
  commentsPage: number | null;
  /** The whole history, in pages (else its newest entries). */
  historyPage: number | null;
}

const pageNumber = (value: string | null) => {
  const page = Number(value);
  return value && Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : null;
};
const idOrNull = (value: string | null) => (value && isId(value) ? value : null);

export function readTaskPageState(search: URLSearchParams): TaskPageState {
  return {
    editSubtask: idOrNull(search.get("edit")),
    deleteSubtask: idOrNull(search.get("delete")),
    editTask: search.get("editTask") === "1",
    deleteTask: search.get("deleteTask") === "1",
    editComment: idOrNull(search.get("editComment")),
    deleteComment: idOrNull(search.get("deleteComment")),
    commentsPage: pageNumber(search.get("comments")),
    historyPage: search.get("history") === "all" ? (pageNumber(search.get("historyPage")) ?? 1) : null,
  };
}

/** The task page's address with one step open (or a list paged), keeping the comments page. */
export function taskPageHref(
  here: string,
  state: Pick<TaskPageState, "commentsPage" | "historyPage">,
  extra: Record<string, string> = {},
): string {
  const params = new URLSearchParams();
  if (state.commentsPage) params.set("comments", String(state.commentsPage));
  if (state.historyPage) {
    params.set("history", "all");
    if (state.historyPage > 1) params.set("historyPage", String(state.historyPage));
  }
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return query ? `${here}?${query}` : here;
}
