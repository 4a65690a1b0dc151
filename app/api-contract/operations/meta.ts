import type { ApiOperation } from "../operation";
import { z } from "../zod";

/** The contract describes itself: the document is an API response like any other. */
export const metaOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/openapi.json",
    tag: "Meta",
    summary: "This OpenAPI 3.1 document",
    description: "Readable at /api/docs.",
    access: "public",
    success: {
      status: 200,
      description: "The document.",
      schema: z
        .object({ openapi: z.string(), info: z.object({ title: z.string(), version: z.string() }) })
        .passthrough(),
    },
  },
];
