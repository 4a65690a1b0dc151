/** A database timestamp as the API's UTC text ('2026-08-03T10:00:00.000Z'); none stays null. */
export function utcText(value: Date | string): string;
export function utcText(value: Date | string | null | undefined): string | null;
export function utcText(value: Date | string | null | undefined): string | null {
  return value ? new Date(value).toISOString() : null;
}
