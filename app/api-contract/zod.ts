import { extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";

/**
 * zod with `.openapi()` (names and descriptions for the document). The contract's modules import
 * z from here so the extension is in place before any of their schemas is built.
 */
extendZodWithOpenApi(z);

export { z };
