import type { Page } from "@playwright/test";

/** A Smart Summary figure shown as a term and its value (Activity Metrics, Task Collaboration, …). */
export const summaryFigure = (page: Page, section: string, term: string) =>
  page
    .getByRole("region", { name: section })
    .locator("dl > div")
    .filter({ has: page.locator("dt", { hasText: new RegExp(`^${term}$`) }) })
    .locator("dd");
