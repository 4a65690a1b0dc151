import { Client } from "undici";
import { z } from "zod";
import type { DB } from "#db/connection";
import { percentile, signedInCookie } from "./harness";
import { progress } from "./progress";

/**
 * The "real traffic" row of `npm run bench` (issue 36): the page caches only help a page asked
 * for again, and every write flushes them, so this measures what people actually do. Hundreds of
 * signed-in people (each with a session of their own, from an address of their own) and anonymous
 * visitors walk journeys over the generated projects, while 5 % of all requests are writes sent
 * as the browser sends them (forum posts, replies, likes, task status changes, join requests),
 * each checked. A fixed number of connections each walk one journey after another, as fast as
 * the server answers.
 */

/** How many of the generated people walk signed in (BENCH_TRAFFIC_PEOPLE). */
const PEOPLE = Number(process.env.BENCH_TRAFFIC_PEOPLE ?? 400);
/** The share of all requests that are writes. */
const WRITE_SHARE = 0.05;
/** The share of journeys walked by signed-in people; the rest are visitors'. */
const SIGNED_IN_JOURNEYS = 0.5;
/** The work pages, task pages and forums a person visits: a few of their projects. */
const PROJECTS_PER_PERSON = 4;
/** Catalogue cards per page (routes/public/search-projects.tsx). */
const CATALOGUE_PAGE_SIZE = 12;

/** What people type into the search boxes. */
const NATURAL_QUERIES = [
  "food bank",
  "help an animal shelter with volunteers",
  "food bank inventory",
  "volunteer scheduling app",
  "our clinic patients keep missing appointments",
  "python data science beginner",
  "stop renters getting thrown out of their apartments",
  "donation website for a library",
  "react dashboard",
  "mobile app for a youth club",
  "community garden map",
  "refugee center case management",
  "newsletter for a repair cafe",
  "event planner for a school",
  "chat assistant",
  "beginner django project",
  "kubernetes",
  "looking for a beginner project to learn machine learning with a mentor",
];

interface PersonProject {
  id: string;
  tasks: string[];
}

export interface TrafficPerson {
  userId: string;
  cookie: string;
  /** Their profile's address, as their own menu links it. */
  profile: string;
  /** A few of their projects, with those projects' tasks. */
  projects: PersonProject[];
  /** Every project they are a member of: they do not ask to join those. */
  memberOf: Set<string>;
}

export interface RealTrafficData {
  people: TrafficPerson[];
  /** Every generated project and template, for visitors' project pages. */
  projectIds: string[];
  /** Active generated projects with an open role, for join requests. */
  openRoles: { projectId: string; role: string }[];
  cataloguePages: { open: number; templates: number };
}

/** Sessions for `PEOPLE` generated people and what their journeys visit, read once before the run. */
export async function prepareRealTraffic(db: DB, sessionSecret: string): Promise<RealTrafficData> {
  const memberships = await db
    .selectFrom("users")
    .innerJoin("project_members", "project_members.user_id", "users.id")
    .select(["users.id as userId", "users.role", "project_members.project_id as projectId"])
    .where("users.external_id", "like", "bench|%")
    .orderBy("users.external_id")
    .orderBy("project_members.project_id")
    .execute();
  const byPerson = new Map<string, { role: string; projects: string[] }>();
  for (const { userId, role, projectId } of memberships) {
    const person = byPerson.get(userId) ?? { role: role ?? "gainer", projects: [] };
    person.projects.push(projectId);
    byPerson.set(userId, person);
  }
  const chosen = [...byPerson.entries()].slice(0, PEOPLE);
  if (chosen.length === 0) throw new Error("The real traffic row needs generated people: set BENCH_PROJECTS > 0.");
  const visited = [...new Set(chosen.flatMap(([, person]) => person.projects.slice(0, PROJECTS_PER_PERSON)))];
  const tasks = await db
    .selectFrom("tasks")
    .select(["id", "project_id"])
    .where("project_id", "in", visited)
    .orderBy("created_at")
    .execute();
  const tasksOf = new Map<string, string[]>();
  for (const task of tasks) tasksOf.set(task.project_id, [...(tasksOf.get(task.project_id) ?? []), task.id]);
  const people: TrafficPerson[] = [];
  for (const [userId, person] of chosen) {
    people.push({
      userId,
      cookie: await signedInCookie(db, userId, sessionSecret),
      profile: `/profile/${person.role}/${userId}`,
      projects: person.projects
        .slice(0, PROJECTS_PER_PERSON)
        .map((id) => ({ id, tasks: tasksOf.get(id) ?? [] }))
        .filter((project) => project.tasks.length > 0),
      memberOf: new Set(person.projects),
    });
  }
  const projects = await db
    .selectFrom("projects")
    .select(["id", "kind"])
    .where("description", "like", "Generated project %")
    .execute();
  const openRoles = await db
    .selectFrom("project_roles")
    .innerJoin("projects", "projects.id", "project_roles.project_id")
    .select(["project_roles.project_id as projectId", "project_roles.name as role"])
    .where("projects.description", "like", "Generated project %")
    .where("projects.status", "=", "InProgress")
    .where("project_roles.open_positions", ">", 0)
    .execute();
  const count = (kind: string) => projects.filter((project) => project.kind === kind).length;
  return {
    people: people.filter((person) => person.projects.length > 0),
    projectIds: projects.map((project) => project.id),
    openRoles,
    cataloguePages: {
      open: Math.max(1, Math.ceil(count("project") / CATALOGUE_PAGE_SIZE)),
      templates: Math.max(1, Math.ceil(count("template") / CATALOGUE_PAGE_SIZE)),
    },
  };
}

/** A small seeded generator (mulberry32): the same journeys every run. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (below: number) => Math.floor(next() * below),
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(next() * items.length)]!;
    },
    /** One of the keys, each as likely as its weight. */
    weighted<K extends string>(weights: Partial<Record<K, number>>): K {
      const entries = Object.entries(weights) as [K, number][];
      let left = next() * entries.reduce((sum, [, weight]) => sum + weight, 0);
      for (const [key, weight] of entries) if ((left -= weight) < 0) return key;
      return entries.at(-1)![0];
    },
  };
}
type Random = ReturnType<typeof randomSource>;

/** Most people stay on the first catalogue pages; a few go far. */
const catalogPage = (random: Random, pages: number) => 1 + Math.floor(pages * random.next() ** 4);

type ReadKind =
  | "home"
  | "catalogue"
  | "catalogue page"
  | "catalogue search"
  | "project page"
  | "about"
  | "home, signed in"
  | "My Projects"
  | "work page"
  | "task page"
  | "forum tab"
  | "notifications"
  | "search results"
  | "profile";
type WriteKind = "forum post" | "reply" | "like" | "task status" | "join request";

interface Step {
  kind: ReadKind | WriteKind;
  method: "GET" | "POST" | "PUT";
  path: string;
  body?: unknown;
  /** A write's answer, checked and remembered (a new post's id). */
  write?: WriteKind;
  project?: string;
}

/** Where a visitor goes next. */
function visitorStep(random: Random, data: RealTrafficData, first: boolean): Step {
  const kind = random.weighted<ReadKind>(
    first
      ? { home: 35, catalogue: 25, "project page": 30, "catalogue search": 10 }
      : { "project page": 35, "catalogue page": 25, "catalogue search": 20, home: 8, catalogue: 7, about: 5 },
  );
  return { kind, method: "GET", path: readPath(kind, random, data) };
}

/** Where a signed-in person goes next, in `project` (one of theirs). */
function personStep(random: Random, data: RealTrafficData, person: TrafficPerson, first: boolean): Step {
  const project = random.pick(person.projects);
  const kind = random.weighted<ReadKind>(
    first
      ? { "home, signed in": 50, "My Projects": 35, notifications: 15 }
      : {
          "work page": 20,
          "task page": 15,
          "forum tab": 15,
          "My Projects": 10,
          notifications: 8,
          "home, signed in": 7,
          "search results": 8,
          "catalogue page": 5,
          "project page": 7,
          profile: 5,
        },
  );
  return { kind, method: "GET", path: readPath(kind, random, data, person, project) };
}

function readPath(
  kind: ReadKind,
  random: Random,
  data: RealTrafficData,
  person?: TrafficPerson,
  project?: PersonProject,
): string {
  const query = () => encodeURIComponent(random.pick(NATURAL_QUERIES));
  switch (kind) {
    case "home":
    case "home, signed in":
      return "/";
    case "catalogue":
      return "/search-projects";
    case "catalogue page": {
      const tab = random.next() < 0.75 ? "open" : "templates";
      return `/search-projects?tab=${tab}&page=${catalogPage(random, data.cataloguePages[tab])}`;
    }
    case "catalogue search":
      return `/search-projects?q=${query()}`;
    case "project page":
      return `/project/${random.pick(data.projectIds)}`;
    case "about":
      return "/about";
    case "My Projects":
      return "/work";
    case "work page":
      return `/work/projects/${project!.id}`;
    case "task page":
      return `/work/projects/${project!.id}/tasks/${random.pick(project!.tasks)}`;
    case "forum tab":
      return `/work/projects/${project!.id}?tab=forum`;
    case "notifications":
      return "/notifications";
    case "search results":
      return `/search-result?q=${query()}`;
    case "profile":
      return person!.profile;
  }
}

/** The posts written during the run, per project: replies and likes go to them. */
type Posts = Map<string, string[]>;
/** What POST /api/forum/posts answers that the bench uses. */
const newPost = z.object({ postId: z.string().uuid() });

/** A write by `person` as the browser sends it (the JSON API their pages' scripts call). */
function writeStep(random: Random, data: RealTrafficData, person: TrafficPerson, posts: Posts): Step {
  const project = random.pick(person.projects);
  const projectPosts = posts.get(project.id) ?? [];
  let kind = random.weighted<WriteKind>({
    "forum post": 25,
    reply: 20,
    like: 25,
    "task status": 20,
    "join request": 10,
  });
  if ((kind === "reply" || kind === "like") && projectPosts.length === 0) kind = "forum post";
  const write = (path: string, body: unknown, method: Step["method"] = "POST"): Step => ({
    kind,
    method,
    path,
    body,
    write: kind,
    project: project.id,
  });
  switch (kind) {
    case "forum post":
      return write("/api/forum/posts", {
        projectId: project.id,
        content: `Update from the real-traffic bench: step ${random.int(1000)} is done, notes below.`,
      });
    case "reply":
      return write("/api/forum/replies", { postId: random.pick(projectPosts), content: "Thanks, that helps." });
    case "like":
      return write(`/api/forum/posts/${random.pick(projectPosts)}/like`, {});
    case "task status":
      return write(
        `/api/tasks/${random.pick(project.tasks)}`,
        { status: random.pick(["Todo", "InProgress", "Blocked", "Done"]) },
        "PUT",
      );
    case "join request": {
      // A project they are not in, and have not asked to join in this run.
      let open = random.pick(data.openRoles);
      while (person.memberOf.has(open.projectId)) open = random.pick(data.openRoles);
      person.memberOf.add(open.projectId);
      return write(`/api/projects/${open.projectId}/createrequest`, {
        requestedRole: open.role,
        message: "I would like to help.",
      });
    }
  }
}

interface KindStats {
  latencies: number[];
  failures: number;
  hits: number;
}

export interface RealTrafficResult {
  seconds: number;
  /** Every response's latency (ms) in the measured window. */
  latencies: number[];
  requests: number;
  writes: number;
  failures: number;
  /** Answers served from the page cache (X-Cache: HIT). */
  hits: number;
  byKind: Map<string, KindStats>;
  /** The first few failures, for the report. */
  failureSamples: string[];
  people: number;
  connections: number;
}

/**
 * Walks journeys on `connections` connections for `warmUpSeconds`, then again for `seconds`
 * measured. People are taken from a pool, so nobody is on two connections at once.
 */
export async function runRealTraffic(options: {
  baseUrl: string;
  data: RealTrafficData;
  connections: number;
  seconds: number;
  warmUpSeconds: number;
  label: string;
}): Promise<RealTrafficResult> {
  const { baseUrl, data, connections } = options;
  const random = randomSource(36);
  const posts: Posts = new Map();
  const idle = [...data.people];
  const origin = new URL(baseUrl).origin;
  let phase: "warm-up" | "measured" = "warm-up";
  // Counted as requests are sent, not answered: 50 connections deciding at once keep to the share.
  const sent = { requests: 0, writes: 0 };
  let result = emptyResult();
  const start = performance.now();
  const end = start + (options.warmUpSeconds + options.seconds) * 1000;
  function emptyResult(): RealTrafficResult {
    return {
      seconds: options.seconds,
      latencies: [],
      requests: 0,
      writes: 0,
      failures: 0,
      hits: 0,
      byKind: new Map(),
      failureSamples: [],
      people: data.people.length,
      connections,
    };
  }

  async function send(client: Client, step: Step, headers: Record<string, string>) {
    const started = performance.now();
    const sentHeaders: Record<string, string> = { ...headers };
    if (step.write) {
      sentHeaders["content-type"] = "application/json";
      sentHeaders.origin = origin;
    } else {
      sentHeaders.accept = "text/html";
      sentHeaders["accept-encoding"] = "gzip, deflate, br";
    }
    let status = 0;
    let body = "";
    let hit = false;
    try {
      const response = await client.request({
        path: step.path,
        method: step.method,
        headers: sentHeaders,
        body: step.body === undefined ? undefined : JSON.stringify(step.body),
      });
      status = response.statusCode;
      hit = response.headers["x-cache"] === "HIT";
      if (step.write || status >= 400) body = await response.body.text();
      else await response.body.arrayBuffer();
    } catch (error) {
      body = String(error);
    }
    const finished = performance.now();
    // As autocannon counts: answers that arrive after the measured window are not in it.
    if (finished > end) return;
    const elapsed = finished - started;
    const ok = step.write ? status === 200 || status === 201 : status === 200;
    if (ok && step.kind === "forum post") {
      const { postId } = newPost.parse(JSON.parse(body));
      posts.set(step.project!, [...(posts.get(step.project!) ?? []), postId]);
    }
    const stats = result.byKind.get(step.kind) ?? { latencies: [], failures: 0, hits: 0 };
    result.byKind.set(step.kind, stats);
    stats.latencies.push(elapsed);
    result.latencies.push(elapsed);
    result.requests++;
    if (step.write) result.writes++;
    if (hit) {
      result.hits++;
      stats.hits++;
    }
    if (!ok) {
      result.failures++;
      stats.failures++;
      if (result.failureSamples.length < 5) {
        result.failureSamples.push(`${step.method} ${step.path} → ${status}: ${body.slice(0, 200)}`);
      }
    }
  }

  /** One connection: journey after journey until `deadline`. */
  async function walk(index: number, deadline: () => number) {
    const client = new Client(origin, { pipelining: 1, keepAliveTimeout: 30_000 });
    try {
      while (performance.now() < deadline()) {
        const person = random.next() < SIGNED_IN_JOURNEYS ? idle.splice(random.int(idle.length), 1)[0] : undefined;
        // Each visitor and each person comes from an address of their own (through the proxy).
        const address = person
          ? `10.1.${data.people.indexOf(person) >> 8}.${data.people.indexOf(person) & 255}`
          : `10.2.${index}.${random.int(256)}`;
        const headers: Record<string, string> = { "x-forwarded-for": address };
        if (person) headers.cookie = person.cookie;
        const length = person ? 3 + random.int(8) : 2 + random.int(6);
        for (let n = 0; n < length && performance.now() < deadline(); n++) {
          const writesDue = person && sent.writes < WRITE_SHARE * (sent.requests + 1);
          const step = !person
            ? visitorStep(random, data, n === 0)
            : writesDue && n > 0
              ? writeStep(random, data, person, posts)
              : personStep(random, data, person, n === 0);
          sent.requests++;
          if (step.write) sent.writes++;
          await send(client, step, headers);
        }
        if (person) idle.push(person);
      }
    } finally {
      await client.close();
    }
  }

  const line = progress(options.label, options.warmUpSeconds + options.seconds, { everyMs: 10_000 });
  const ticker = setInterval(() => {
    const elapsed = (performance.now() - start) / 1000;
    line.update(
      Math.min(Math.round(elapsed), options.warmUpSeconds + options.seconds),
      `${phase}, ${result.requests} responses`,
    );
  }, 1000);
  setTimeout(() => {
    phase = "measured";
    result = emptyResult();
  }, options.warmUpSeconds * 1000);
  try {
    await Promise.all(Array.from({ length: connections }, (_, index) => walk(index, () => end)));
  } finally {
    clearInterval(ticker);
  }
  line.finish(
    `${options.label}: ${Math.round(result.requests / options.seconds)} req/s, p99 ${Math.round(percentile(result.latencies, 0.99))} ms`,
  );
  return result;
}

/** The row's detail: each kind of request's share, latency and failures, and the write checks. */
export function describeRealTraffic(result: RealTrafficResult): string {
  const rows = [...result.byKind.entries()]
    .sort((a, b) => b[1].latencies.length - a[1].latencies.length)
    .map(([kind, stats]) => ({
      request: kind,
      count: stats.latencies.length,
      "p50 ms": Math.round(percentile(stats.latencies, 0.5) * 10) / 10,
      "p99 ms": Math.round(percentile(stats.latencies, 0.99) * 10) / 10,
      "cache hits": stats.hits,
      failed: stats.failures,
    }));
  const lines = [
    `Real traffic: ${result.people} signed-in people and visitors on ${result.connections} connections, ${
      result.requests
    } requests in ${result.seconds} s, ${result.writes} writes (${(
      (100 * result.writes) /
      Math.max(1, result.requests)
    ).toFixed(1)} %), ${result.hits} answered from the page cache, ${result.failures} failed.`,
    ...result.failureSamples.map((sample) => `  failed: ${sample}`),
  ];
  console.table(rows);
  return lines.join("\n");
}
