import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";

export const meta: MetaFunction = () => [{ title: "Tasks · Gainers Hub" }];

/** /work/tmp without a project: say what is missing and where to pick one. */
export default function TaskDashboardWithoutProject() {
  return (
    <div className="container-page max-w-xl py-16 text-center">
      <h1 className="text-2xl font-bold">Project ID is required</h1>
      <p className="mt-3 text-slate-600">Open a project from My Projects to see its tasks.</p>
      <Link to="/work" className="btn-primary mt-6">
        Back to My Projects
      </Link>
    </div>
  );
}
