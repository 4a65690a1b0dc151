import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { openApiDocument } from "~/api-contract/document.server";
import { type DocsOperation, type DocsResponse, docsView } from "~/api-contract/docs-view";
import { PageHeader } from "~/components/page-header";
import { sharedPageHeaders } from "~/utils/shared-cache";

/** The API reference: /api/openapi.json as a page, rendered on the server (no script needed). */
export const headers = sharedPageHeaders;

export const meta: MetaFunction = () => [{ title: "API reference · Gainers Hub" }];

export const loader = async () => docsView(openApiDocument());

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, "-");

const METHOD_COLOURS: Record<string, string> = {
  GET: "bg-brand-50 text-brand-700",
  POST: "bg-emerald-50 text-emerald-800",
  PUT: "bg-amber-50 text-amber-900",
  DELETE: "bg-red-50 text-red-800",
};

export default function ApiDocs() {
  const view = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="API reference">
        <p>
          <WithCode text={view.description} /> Version {view.version}. The machine-readable document is{" "}
          <a className="font-semibold text-brand-700 underline" href="/api/openapi.json">
            /api/openapi.json
          </a>{" "}
          (OpenAPI 3.1).
        </p>
        <p className="mt-2 text-base">
          Signed-in calls send <code>Authorization: Bearer &lt;access token&gt;</code>, or the browser&apos;s session
          cookie; writes with the cookie must come from this site.
        </p>
      </PageHeader>
      <div className="container-page grid gap-10 py-10 lg:grid-cols-[14rem_1fr]">
        <nav aria-label="API sections" className="text-sm">
          <ul className="space-y-1 lg:sticky lg:top-4">
            {view.tags.map((tag) => (
              <li key={tag.name}>
                <a className="text-brand-700 underline" href={`#${slug(tag.name)}`}>
                  {tag.name}
                </a>{" "}
                <span className="text-slate-600">({tag.operations.length})</span>
              </li>
            ))}
            <li>
              <a className="text-brand-700 underline" href="#schemas">
                Schemas
              </a>
            </li>
          </ul>
        </nav>
        <div className="min-w-0 space-y-12">
          {view.tags.map((tag) => (
            <section key={tag.name} aria-labelledby={slug(tag.name)}>
              <h2 id={slug(tag.name)} className="scroll-mt-24 text-2xl font-bold">
                {tag.name}
              </h2>
              <div className="mt-4 space-y-6">
                {tag.operations.map((operation) => (
                  <Operation key={operation.id} operation={operation} />
                ))}
              </div>
            </section>
          ))}
          <section aria-labelledby="schemas">
            <h2 id="schemas" className="scroll-mt-24 text-2xl font-bold">
              Schemas
            </h2>
            <div className="mt-4 space-y-4">
              {view.schemas.map((schema) => (
                <div
                  key={schema.name}
                  id={`schema-${schema.name}`}
                  className="scroll-mt-24 rounded-lg border border-slate-200 bg-white p-4"
                >
                  <h3 className="font-semibold">{schema.name}</h3>
                  <TypeBlock type={schema.type} />
                </div>
              ))}
            </div>
          </section>
        </div>
      </div>
    </>
  );
}

function Operation({ operation }: { operation: DocsOperation }) {
  return (
    <article
      id={operation.id}
      aria-labelledby={`${operation.id}-title`}
      className="scroll-mt-24 rounded-lg border border-slate-200 bg-white p-5"
    >
      <h3 id={`${operation.id}-title`} className="flex flex-wrap items-center gap-2 font-mono text-base">
        <span className={`rounded px-2 py-0.5 text-sm font-bold ${METHOD_COLOURS[operation.method] ?? "chip"}`}>
          {operation.method}
        </span>
        <span className="break-all">{operation.path}</span>
      </h3>
      <p className="mt-2 font-semibold">{operation.summary}</p>
      {operation.description ? (
        <p className="mt-1 text-slate-700">
          <WithCode text={operation.description} />
        </p>
      ) : null}
      <p className="mt-1 text-sm text-slate-600">{operation.access}</p>
      {operation.parameters.length > 0 ? (
        <table className="mt-4 w-full text-left text-sm">
          <caption className="text-left font-semibold">Parameters</caption>
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-1 pr-4">
                Name
              </th>
              <th scope="col" className="py-1 pr-4">
                In
              </th>
              <th scope="col" className="py-1">
                Type
              </th>
            </tr>
          </thead>
          <tbody>
            {operation.parameters.map((parameter) => (
              <tr key={`${parameter.location}-${parameter.name}`} className="border-t border-slate-100">
                <td className="py-1 pr-4 font-mono">
                  {parameter.name}
                  {parameter.required ? <span className="text-slate-600"> (required)</span> : null}
                </td>
                <td className="py-1 pr-4">{parameter.location}</td>
                <td className="py-1 font-mono break-all">{parameter.type}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {operation.body ? (
        <div className="mt-4">
          <h4 className="text-sm font-semibold">Request body (JSON{operation.body.required ? "" : ", optional"})</h4>
          <TypeBlock type={operation.body.type} />
        </div>
      ) : null}
      <h4 className="mt-4 text-sm font-semibold">Responses</h4>
      <dl className="mt-1 space-y-2 text-sm">
        {operation.responses.map((response) => (
          <ResponseRow key={response.status} response={response} />
        ))}
      </dl>
    </article>
  );
}

function ResponseRow({ response }: { response: DocsResponse }) {
  return (
    <div className="flex flex-wrap gap-x-3">
      <dt className="w-12 font-mono font-semibold">{response.status}</dt>
      <dd className="min-w-0 flex-1">
        <WithCode text={response.description} />
        {response.type ? (
          <>
            {" "}
            {response.schemaName ? (
              <a className="font-mono text-brand-700 underline" href={`#schema-${response.schemaName}`}>
                {response.type}
              </a>
            ) : (
              <TypeBlock type={response.type} />
            )}
          </>
        ) : null}
        {response.headers.length > 0 ? (
          <span className="text-slate-600"> Headers: {response.headers.join(", ")}.</span>
        ) : null}
      </dd>
    </div>
  );
}

function TypeBlock({ type }: { type: string }) {
  return (
    <pre className="mt-1 rounded bg-slate-50 p-3 font-mono text-xs break-words whitespace-pre-wrap text-slate-800">
      {type}
    </pre>
  );
}

/** The document's descriptions are Markdown: show its `code` spans as code, the rest as text. */
function WithCode({ text }: { text: string }) {
  return (
    <>
      {text.split("`").map((part, index) =>
        index % 2 === 1 ? (
          <code key={index} className="rounded bg-slate-100 px-1 text-[0.9em]">
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}
