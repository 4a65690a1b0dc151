import { text } from "./text";
import { z } from "zod";

/** Query parameters of the catalogue, the search results and the public project lists. */
const optionalText = text((s) => s.trim().max(200))
  .optional()
  .transform((value) => value || undefined);

export const catalogueFiltersSchema = z.object({
  q: optionalText,
  difficulty: z
    .enum(["Beginner", "Intermediate", "Advanced"])
    .optional()
    .or(z.literal("").transform(() => undefined)),
  technology: optionalText,
  language: optionalText,
  duration: z
    .enum(["short", "medium", "long"])
    .optional()
    .or(z.literal("").transform(() => undefined)),
});
export type CatalogueFilters = z.infer<typeof catalogueFiltersSchema>;

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

export const pagingSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

export const searchQuerySchema = z.object({
  query: text((s) => s.trim().min(1, "Please enter a search term").max(500)),
  count: z.coerce.number().int().min(1).max(50).default(6),
});
