import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { logger } from "~/logger.server";
import { asDomainError } from "./errors.server";

/**
 * What screens share for handling forms without JavaScript: reading the body safely and turning a
 * domain error into the form's own error reply (DESIGN: one schema, one reply).
 */

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * The posted form. Anything but a form encoding is 415; a body that cannot be read as one (broken
 * multipart, bad encoding) is 400. Both are thrown as responses the error screen shows.
 */
export async function readForm(request: Request): Promise<FormData> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(type)) {
    throw new Response("This form must be sent as a web form.", {
      status: 415,
      headers: { Accept: FORM_TYPES.join(", ") },
    });
  }
  try {
    return await request.formData();
  } catch {
    throw new Response("The form could not be read. Please try again.", { status: 400 });
  }
}

/** The parts of a conform submission `replyWithError` needs. */
interface Replyable {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }): SubmissionResult;
}

/**
 * A domain error from a form's action as the form's error reply, with the error's status and its
 * field errors; anything unexpected is logged and shows `fallback`, with status 500.
 */
export function replyWithError<Extra extends Record<string, unknown>>(
  submission: Replyable,
  error: unknown,
  fallback: string,
  extra?: Extra,
) {
  const known = asDomainError(error);
  if (!known) logger.error({ err: error }, "form action failed");
  const message = known && known.status < 500 ? known.message || fallback : fallback;
  const result = submission.reply({ formErrors: [message], fieldErrors: known?.errors });
  return data({ ...extra, result } as Extra & { result: SubmissionResult }, { status: known?.status ?? 500 });
}
