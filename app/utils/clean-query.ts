/**
 * The clean address of a GET form (spec: the trimmed term goes into q): every value trimmed,
 * empty ones left out, so `?q=+++react+++&difficulty=` reads `?q=react`. Pure, so the browser
 * builds it before navigating and the server redirects a form sent without JavaScript to it.
 */
export function cleanSearch(params: URLSearchParams | Iterable<[string, FormDataEntryValue]>): string {
  const clean = new URLSearchParams();
  for (const [key, value] of params) {
    if (typeof value !== "string") continue;
    const trimmed = value.trim();
    if (trimmed) clean.append(key, trimmed);
  }
  const search = clean.toString();
  return search ? `?${search}` : "";
}

/**
 * The clean address of `url` when a value of it is empty or has spaces around it (the loader
 * redirects there), else null. Only values count, so `%20` or `+` for a space never redirects.
 */
export function cleanerUrl(url: URL): string | null {
  const untidy = [...url.searchParams.values()].some((value) => !value.trim() || value !== value.trim());
  return untidy ? `${url.pathname}${cleanSearch(url.searchParams)}` : null;
}
