import { idSchema } from "~/utils/ids";
import { userRole } from "../responses";
import { z } from "../zod";

/** Path parameters: every id is a UUID (a malformed one is a 400, DESIGN: Ids). */
export const idParams = <Name extends string>(...names: Name[]) =>
  z.object(Object.fromEntries(names.map((name) => [name, idSchema])) as Record<Name, typeof idSchema>);

export const profileParams = z.object({ role: userRole, id: idSchema });
