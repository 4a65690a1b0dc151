import type { Page } from "~/models/project.server";

/**
 * A page of a list as the API sends it: the body stays the spec's plain array; the total goes in
 * X-Total-Count and the neighbours in an RFC 8288 Link header.
 */
export function pagedResponse<Item>(request: Request, page: Page<Item>, init: ResponseInit = {}): Response {
  const url = new URL(request.url);
  const lastPage = Math.max(1, Math.ceil(page.total / page.pageSize));
  const link = (target: number, rel: string) => {
    const params = new URLSearchParams(url.searchParams);
    params.set("page", String(target));
    params.set("pageSize", String(page.pageSize));
    return `<${url.origin}${url.pathname}?${params}>; rel="${rel}"`;
  };
  const links = [link(1, "first")];
  if (page.page > 1) links.push(link(Math.min(page.page - 1, lastPage), "prev"));
  if (page.page < lastPage) links.push(link(page.page + 1, "next"));
  links.push(link(lastPage, "last"));
  const headers = new Headers(init.headers);
  headers.set("X-Total-Count", String(page.total));
  headers.set("Link", links.join(", "));
  return Response.json(page.items, { ...init, headers });
}
