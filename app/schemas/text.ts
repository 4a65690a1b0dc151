import { z } from "zod";

/**
 * Characters that have no place in what people type: NUL (which PostgreSQL cannot store) and the
 * other C0 controls except tab and line breaks. Every text field of every shared schema is built
 * from `text()`, so such input is refused with a field error before it reaches the database.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
// eslint-disable-next-line no-control-regex -- as above
const WITHOUT_CONTROL_CHARACTERS = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;
export const CONTROL_CHARACTER_MESSAGE = "Remove the control characters from this text.";

export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).regex(WITHOUT_CONTROL_CHARACTERS, CONTROL_CHARACTER_MESSAGE);

/** For free search terms, where dropping the odd control character beats refusing the search. */
export const withoutControlCharacters = (value: string) => value.replace(CONTROL_CHARACTERS, "");
