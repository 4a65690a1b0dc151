import type { MetaFunction } from "@remix-run/node";
import { PageHeader } from "~/components/page-header";
import { sharedPageHeaders } from "~/utils/shared-cache";

/** Visitors all see the same page: shared caches may keep it briefly. */
export const headers = sharedPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Contact · Gainers Hub" },
  { name: "description", content: "How to reach the Gainers Hub team." },
];

export default function Contact() {
  return (
    <>
      <PageHeader title="Contact us">
        <p>Questions, ideas, or a nonprofit with a need? We would love to hear from you.</p>
      </PageHeader>
      <div className="container-page space-y-4 py-10 text-slate-700">
        <p>
          Write to{" "}
          <a className="font-semibold text-brand-700 underline" href="mailto:hello@gainershub.org">
            hello@gainershub.org
          </a>{" "}
          and a person from the team will answer within two working days.
        </p>
        <p>To reach the team of a project, join it and use its forum: that is where the work happens.</p>
      </div>
    </>
  );
}
