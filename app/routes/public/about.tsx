import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { PageHeader } from "~/components/page-header";
import { sharedPageHeaders } from "~/utils/shared-cache";

/** Visitors all see the same page: shared caches may keep it briefly. */
export const headers = sharedPageHeaders;

export const meta: MetaFunction = () => [
  { title: "About · Gainers Hub" },
  {
    name: "description",
    content: "How Gainers Hub connects learners, mentors and nonprofits around real software projects.",
  },
];

const STEPS = [
  {
    title: "Choose your role",
    body: "Join as a gainer who wants real experience, a mentor who guides, or a nonprofit with a need.",
  },
  {
    title: "Connect and collaborate",
    body: "Join a project with an open role or start one from a template, then work as a team.",
  },
  {
    title: "Grow and make an impact",
    body: "Ship software that helps real organisations, and leave with skills and work to show.",
  },
];

const VALUES = [
  { title: "Collaboration", body: "We build in teams, in the open, and we help each other get unstuck." },
  {
    title: "Learning",
    body: "Every project is a place to learn: questions are welcome and mistakes are part of the work.",
  },
  { title: "Innovation", body: "Small teams try new ideas and tools to solve old problems in better ways." },
  { title: "Impact", body: "What we build is used by people who need it, starting with nonprofits." },
];

export default function About() {
  return (
    <>
      <PageHeader title="About Gainers Hub">
        <p>
          Our mission is bridging aspiring professionals and experienced mentors: learners gain hands-on experience on
          real software projects, guided by mentors, for nonprofits that need technology.
        </p>
      </PageHeader>
      <div className="container-page space-y-12 py-10">
        <section aria-labelledby="vision">
          <h2 id="vision" className="text-2xl font-semibold">
            Our vision
          </h2>
          <p className="mt-3 max-w-3xl text-slate-700">
            A world where anyone who wants to work in technology can get real experience, and every nonprofit can get
            the software it needs, built by people who care.
          </p>
        </section>
        <section aria-labelledby="how">
          <h2 id="how" className="text-2xl font-semibold">
            How it works
          </h2>
          <ol className="mt-4 grid gap-4 sm:grid-cols-3">
            {STEPS.map((step, index) => (
              <li key={step.title} className="rounded-2xl border border-slate-200 bg-white p-5">
                <p className="text-sm font-semibold text-brand-600">Step {index + 1}</p>
                <h3 className="mt-1 text-lg font-semibold">{step.title}</h3>
                <p className="mt-2 text-slate-600">{step.body}</p>
              </li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="values">
          <h2 id="values" className="text-2xl font-semibold">
            Our values
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {VALUES.map((value) => (
              <li key={value.title} className="rounded-2xl border border-slate-200 bg-white p-5">
                <h3 className="text-lg font-semibold">{value.title}</h3>
                <p className="mt-2 text-slate-600">{value.body}</p>
              </li>
            ))}
          </ul>
        </section>
        <div>
          <Link to="/" className="btn-primary">
            Get Started Today
          </Link>
        </div>
      </div>
    </>
  );
}
