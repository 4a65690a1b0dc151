import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";

/** A project of the signed-in page's own (started from a demo template), for work-area journeys. */
export async function startOwnProject(page: Page): Promise<{ projectId: string; projectName: string }> {
  const templates = (await (await page.request.get("/api/projects/templates?pageSize=1")).json()) as {
    projectId: string;
  }[];
  const template = (await (await page.request.get(`/api/projects/template/${templates[0]!.projectId}`)).json()) as {
    projectId: string;
    projectName: string;
    requiredRoles: { name: string }[];
  };
  const origin = new URL(page.url()).origin;
  const started = await page.request.post(`/api/projects/start-from-template?templateId=${template.projectId}`, {
    data: { selectedRole: template.requiredRoles[0]?.name },
    headers: { Origin: origin },
  });
  if (!started.ok()) throw new Error(`Project not started: ${started.status()} ${await started.text()}`);
  const { projectId } = (await started.json()) as { projectId: string };
  return { projectId, projectName: template.projectName };
}

/**
 * On My Projects, the work page of the first project card: the review panel above the cards
 * links to tasks, so "the first link to a work page" is not the first card's.
 */
export async function firstCardWorkPage(page: Page): Promise<string> {
  const card = page.getByRole("article").first();
  return (await card.locator('a[href^="/work/projects/"]').first().getAttribute("href"))!;
}

/** A write through the JSON API with the page's session (and its own Origin, as a browser sends). */
export async function apiPost(page: Page, url: string, data: unknown) {
  const response = await page.request.post(url, { data, headers: { Origin: new URL(page.url()).origin } });
  if (!response.ok()) throw new Error(`${url}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/**
 * Makes `member` a member of the admin's project the way people do it: the admin starts the
 * project, the member asks to join with an open role, the admin approves.
 */
export async function joinProject(admin: Page, member: Page, projectId: string): Promise<string> {
  await admin.request.post(`/api/projects/${projectId}/start`, {
    headers: { Origin: new URL(admin.url()).origin },
  });
  const detail = (await (await member.request.get(`/api/projects/${projectId}`)).json()) as {
    openRoles?: (string | { name: string })[];
    requiredRoles?: { name: string }[];
  };
  const open = detail.openRoles?.[0] ?? detail.requiredRoles?.[0];
  const role = typeof open === "string" ? open : open?.name;
  if (!role) throw new Error(`No open role: ${JSON.stringify(detail)}`);
  const joinRequest = (await apiPost(member, `/api/projects/${projectId}/createrequest`, {
    requestedRole: role,
    message: "Made by an end-to-end test.",
  })) as { joinRequestId: string };
  await apiPost(admin, `/api/projects/${projectId}/join-requests/${joinRequest.joinRequestId}/decision`, {
    isApproved: true,
  });
  return role;
}

/**
 * Full-page screenshots of a state at a phone's and a desktop's width, into `folder`, for a person
 * to look at: `shoot(page, project, name)` writes `{project}-{name}-{width}.png`.
 */
export function screenshotsIn(folder: string) {
  return async (page: Page, project: string, name: string) => {
    mkdirSync(folder, { recursive: true });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${folder}/${project}-${name}-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  };
}
