import { ErrorScreen } from "~/components/error-screen";
import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { getOptionalUser } from "~/auth/guards.server";
import { Avatar } from "~/components/avatar";
import { TabLinks } from "~/components/tab-links";
import { getProfile, type Profile, PROFILE_ROLES } from "~/models/profile-view.server";
import { orErrorScreen } from "~/utils/errors.server";
import { isId } from "~/utils/ids";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.profile.fullName || "Profile"} · Gainers Hub` : "Profile · Gainers Hub" },
];

const EXPERTISE_TABS = [
  { id: "languages", label: "Programming Languages", key: "programmingLanguages" },
  { id: "technologies", label: "Technologies", key: "technologies" },
  { id: "tools", label: "Tools", key: "tools" },
] as const;
const DEFAULT_TAB = EXPERTISE_TABS[1];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const role = (params.role ?? "").toLowerCase();
  if (!(PROFILE_ROLES as readonly string[]).includes(role)) {
    throw new Response(`Unknown user role: ${params.role}. Please contact support.`, { status: 400 });
  }
  if (!isId(params.id)) throw new Response("This is not a valid profile address.", { status: 400 });
  const viewer = await getOptionalUser(request);
  const profile = await orErrorScreen(getProfile(params.id, { viewer }));
  // An address with another role than the person's own leads to the right one.
  if (profile.role && profile.role !== role) {
    throw redirect(`/profile/${profile.role}/${params.id}${new URL(request.url).search}`);
  }
  const wanted = new URL(request.url).searchParams.get("expertise");
  const tab = EXPERTISE_TABS.find((item) => item.id === wanted) ?? DEFAULT_TAB;
  return { profile: shownOnPage(profile, tab.key), tab: tab.id };
}

/**
 * What the page shows of a profile and no more (the loader's data also goes into the page for
 * hydration): the chosen tab's expertise, each project's card.
 */
function shownOnPage(profile: Profile, expertise: (typeof EXPERTISE_TABS)[number]["key"]) {
  const { userId: _userId, role: _role, techExpertise, projects, ...shown } = profile;
  return {
    ...shown,
    expertise: techExpertise[expertise],
    projects: projects.map((project) => ({
      projectId: project.projectId,
      projectName: project.projectName,
      projectDescription: project.projectDescription,
      roleInProject: project.roleInProject,
    })),
  };
}

export default function ProfilePage() {
  const { profile, tab } = useLoaderData<typeof loader>();
  const selected = EXPERTISE_TABS.find((item) => item.id === tab)!;
  const { expertise } = profile;
  const earned = profile.achievements.filter((achievement) => !achievement.locked).length;
  const links = [
    { href: profile.gitHubURL, label: "GitHub" },
    { href: profile.linkedInURL, label: "LinkedIn" },
    { href: profile.facebookPageURL, label: "Facebook" },
    { href: profile.websiteURL, label: "Website" },
  ].filter((link): link is { href: string; label: string } => Boolean(link.href));

  return (
    <div className="container-page space-y-8 py-8">
      <header className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-6 sm:flex-row sm:items-center">
        <Avatar name={profile.fullName} pictureUrl={profile.profilePictureUrl} size={96} />
        <div className="space-y-2">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold">{profile.fullName || "Unnamed member"}</h1>
            {profile.badge ? (
              <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700">
                {profile.badge}
              </span>
            ) : null}
          </div>
          {profile.subtitle ? <p className="text-slate-600">{profile.subtitle}</p> : null}
          {links.length || profile.email ? (
            <ul className="flex flex-wrap gap-x-4 gap-y-1" aria-label="Links">
              {links.map((link) => (
                <li key={link.label}>
                  <a
                    href={link.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex min-h-11 items-center text-brand-700 underline"
                  >
                    {link.label}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
              {profile.email ? (
                <li>
                  <a
                    href={`mailto:${profile.email}`}
                    className="inline-flex min-h-11 items-center text-brand-700 underline"
                  >
                    {profile.email}
                  </a>
                </li>
              ) : null}
            </ul>
          ) : null}
        </div>
      </header>

      {!profile.hasProfile ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          No profile data available.
        </p>
      ) : (
        <>
          <Section title="About Me">
            {(profile.biography ?? "")
              .split(/\n\s*\n/)
              .filter((paragraph) => paragraph.trim())
              .map((paragraph) => (
                <p key={paragraph} className="whitespace-pre-line text-slate-700">
                  {paragraph}
                </p>
              ))}
          </Section>

          <Section title="Expertise">
            <TabLinks
              label="Expertise"
              current={tab}
              tabs={EXPERTISE_TABS.map((item) => ({ id: item.id, label: item.label, href: `?expertise=${item.id}` }))}
            />
            {expertise.length ? (
              <ul className="mt-4 flex flex-wrap gap-2" aria-label={selected.label}>
                {expertise.map((item) => (
                  <li key={item} className="rounded-md bg-slate-100 px-2.5 py-1 text-sm">
                    {item}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-4 text-slate-600">No data</p>
            )}
          </Section>

          <Section title="Areas of Interest">
            {profile.areasOfInterest.length ? (
              <ul className="flex flex-wrap gap-2">
                {profile.areasOfInterest.map((area) => (
                  <li key={area} className="rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-700">
                    {area}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-slate-600">No data</p>
            )}
          </Section>
        </>
      )}

      <Section title={`Achievements (${earned}/${profile.achievements.length})`}>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {profile.achievements.map((achievement) => (
            <li
              key={achievement.title}
              className={`flex gap-3 rounded-xl p-4 ${achievement.locked ? "border border-dashed border-slate-300 bg-white" : "border border-emerald-300 bg-emerald-50 shadow-sm"}`}
            >
              {/* A medal when earned, a padlock when not: the state is in the shape, not only the colour. */}
              <span
                aria-hidden="true"
                className={`grid size-10 shrink-0 place-items-center rounded-full ${achievement.locked ? "bg-slate-100 text-slate-500" : "bg-emerald-600 text-white"}`}
              >
                <svg viewBox="0 0 20 20" className="size-5 fill-current">
                  <path
                    d={
                      achievement.locked
                        ? "M6 8V6a4 4 0 1 1 8 0v2h1v9H5V8Zm1.6 0h4.8V6a2.4 2.4 0 1 0-4.8 0Z"
                        : "M10 2a5 5 0 1 1 0 10 5 5 0 0 1 0-10Zm-3 10.9 1 5.1 2-1.5 2 1.5 1-5.1a6.5 6.5 0 0 1-6 0Z"
                    }
                  />
                </svg>
              </span>
              <div className="min-w-0 flex-1">
                <p className="flex items-center justify-between gap-2 font-semibold">
                  {achievement.title}
                  <span
                    className={`text-xs font-semibold ${achievement.locked ? "text-slate-600" : "text-emerald-800"}`}
                  >
                    {achievement.locked ? "Locked" : "Earned"}
                  </span>
                </p>
                <p className="text-sm text-slate-600">{achievement.description}</p>
                {achievement.locked ? (
                  <div className="mt-2 flex items-center gap-2 text-xs text-slate-600">
                    <span className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200">
                      <span
                        className="block h-full bg-brand-500"
                        style={{ width: `${achievement.progressPercentage}%` }}
                      />
                    </span>
                    {achievement.progressPercentage}%
                  </div>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section title={`Projects (${profile.projects.length})`}>
        {profile.projects.length ? (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {profile.projects.map((project) => (
              <li key={project.projectId}>
                <Link
                  to={`/project/${project.projectId}`}
                  className="block h-full rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-500"
                >
                  <p className="font-semibold">{project.projectName}</p>
                  <p className="text-sm text-brand-700">{project.roleInProject}</p>
                  <p className="mt-1 line-clamp-2 text-sm text-slate-600">{project.projectDescription}</p>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-600">No projects found for this user.</p>
        )}
      </Section>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = title.toLowerCase().replace(/\W+/g, "-");
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The spec's profile error texts: unknown role, private, not found, anything else. */
/** Spec section 8, Profile view: the profile's own words for each refusal. */
const PROFILE_ERRORS = {
  400: { title: "Error Loading Profile" },
  401: { title: "Error Loading Profile", body: "Profile not accessible. This profile may be private." },
  403: { title: "Error Loading Profile", body: "Profile not accessible. This profile may be private." },
  404: { title: "Error Loading Profile", body: "Profile not found." },
};

export function ErrorBoundary() {
  return <ErrorScreen texts={PROFILE_ERRORS} />;
}
