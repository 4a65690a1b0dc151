import type { SubmissionResult } from "@conform-to/react";
import type { Toast } from "~/http/toast.server";

/** What a forum form's action answers (see routes/work/forum-action.server.ts). */
export interface ForumActionData {
  formId?: string;
  ok?: boolean;
  result?: SubmissionResult<string[]>;
  toast?: Toast | null;
}

/** The screen a post is shown on, as every part of a post needs it. */
export interface ForumScreen {
  /** The screen's address (with the list's query), for edit and delete links and Cancel. */
  here: string;
  /** The id of the post or reply being edited, if any. */
  editing: string | null;
  actionData?: ForumActionData | null;
  hydrated: boolean;
}
