import type { z, ZodTypeAny } from "zod";
import { type FieldErrors, ValidationError } from "./errors.server";

/** zod issues as field errors: `{ field: [messages] }` (nested paths joined with dots). */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) (errors[issue.path.join(".") || "form"] ??= []).push(issue.message);
  return errors;
}

/** Parses with a schema or throws a ValidationError (400) carrying the field errors. */
export function parseOrThrow<Schema extends ZodTypeAny>(
  schema: Schema,
  input: unknown,
  message?: string,
): z.infer<Schema> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const errors = fieldErrors(parsed.error);
  throw new ValidationError(message ?? Object.values(errors)[0]?.[0] ?? "Invalid input.", errors);
}
