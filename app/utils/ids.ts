import { z } from "zod";

/** Every entity id is a UUID; a malformed one is a 400, never a 500 (DESIGN: Ids). */
export const idSchema = z.string().uuid();

export function isId(value: unknown): value is string {
  return idSchema.safeParse(value).success;
}
