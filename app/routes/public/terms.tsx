import type { MetaFunction } from "@remix-run/node";
import { PageHeader } from "~/components/page-header";
import { sharedPageHeaders } from "~/utils/shared-cache";

/** Visitors all see the same page: shared caches may keep it briefly. */
export const headers = sharedPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Terms · Gainers Hub" },
  { name: "description", content: "The terms everyone on Gainers Hub agrees to." },
];

const TERMS = [
  "Be kind. Treat learners, mentors and nonprofit staff with respect; harassment is not tolerated.",
  "Work you contribute to a project is shared with that project's team under the license the project chooses.",
  "Do not upload personal data of the people a nonprofit serves unless the project needs it and the nonprofit agrees.",
  "Your profile is public, apart from your email address, which only signed-in members can see.",
  "We may remove content or accounts that break these terms.",
];

export default function Terms() {
  return (
    <>
      <PageHeader title="Terms of use">
        <p>The short version of the rules that keep Gainers Hub a good place to work.</p>
      </PageHeader>
      <div className="container-page py-10">
        <ol className="max-w-3xl list-decimal space-y-3 pl-5 text-slate-700">
          {TERMS.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ol>
      </div>
    </>
  );
}
