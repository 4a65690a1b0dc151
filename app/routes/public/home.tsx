import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getOptionalUser } from "~/auth/guards.server";
import { HeroSearch } from "~/components/hero-search";
import { ProjectGrid } from "~/components/project-grid";
import { logger } from "~/logger.server";
import { matchProjectsForUser } from "~/models/match.server";
import { listOpenProjects } from "~/models/project.server";
import { sharedPageHeaders } from "~/utils/shared-cache";

/** Visitors all see the same page: shared caches may keep it briefly. */
export const headers = sharedPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Gainers Hub — real projects, real experience" },
  {
    name: "description",
    content:
      "Learners, mentors and nonprofits build real software together: find a project, join with a role or start one from a template.",
  },
];

const HOME_PROJECTS = 3;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  try {
    const projects = user
      ? await matchProjectsForUser(user.userId, HOME_PROJECTS)
      : (await listOpenProjects({}, { page: 1, pageSize: HOME_PROJECTS, withTotal: false })).items;
    return { projects, failed: false, personal: Boolean(user) };
  } catch (error) {
    logger.error({ err: error }, "home projects failed to load");
    return { projects: [], failed: true, personal: false };
  }
}

export default function Home() {
  const { projects, failed, personal } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-transparent">
        <div className="container-page py-14 text-center sm:py-20">
          <h1 className="mx-auto max-w-3xl text-4xl font-extrabold tracking-tight text-ink sm:text-5xl">
            Let your skills shine. Gain real experience today.
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">
            Join a team building software for a nonprofit, learn with a mentor, or start a project of your own.
          </p>
          <HeroSearch />
        </div>
      </section>
      <section className="container-page py-10" aria-labelledby="explore">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="explore" className="text-2xl font-bold">
              Explore Projects
            </h2>
            <p className="text-slate-600">
              {personal ? "Picked for your skills and interests." : "Teams looking for people like you."}
            </p>
          </div>
          <Link to="/search-projects" className="btn-secondary">
            View More Projects
          </Link>
        </div>
        <div className="mt-6">
          {failed ? (
            <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-800">
              Failed to load active projects.
            </p>
          ) : (
            <ProjectGrid projects={projects} empty="No active projects available for joining" wide={false} />
          )}
        </div>
      </section>
      <section className="container-page pb-6" aria-labelledby="how-it-works">
        <h2 id="how-it-works" className="sr-only">
          How it works
        </h2>
        <ol className="grid gap-4 sm:grid-cols-3">
          {[
            ["Choose your role", "Gainer, mentor or nonprofit."],
            ["Join or start a project", "Ask to join with an open role, or start one from a template."],
            ["Grow with mentors", "Ship real work and learn along the way."],
          ].map(([title, body], index) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-white p-5">
              <p className="text-sm font-semibold text-brand-600">{index + 1}</p>
              <h3 className="font-semibold">{title}</h3>
              <p className="text-sm text-slate-600">{body}</p>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
