import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { PageHeader } from "~/components/page-header";
import { sharedPageHeaders } from "~/utils/shared-cache";

/** Visitors all see the same page: shared caches may keep it briefly. */
export const headers = sharedPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Learn · Gainers Hub" },
  { name: "description", content: "Learning paths for Gainers Hub members are coming soon." },
];

/** The Learn area is announced but not built yet (spec: a 'Coming Soon' placeholder). */
export default function Learn() {
  return (
    <>
      <PageHeader title="Learn">
        <p>Coming Soon</p>
      </PageHeader>
      <div className="container-page py-10">
        <p className="max-w-2xl text-slate-700">
          Guides, learning paths and mentor sessions are on their way. Until then, the best way to learn is to join a
          project.
        </p>
        <Link to="/search-projects" className="btn-primary mt-6">
          Browse Projects
        </Link>
      </div>
    </>
  );
}
