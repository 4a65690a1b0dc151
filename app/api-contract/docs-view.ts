import type { OpenAPIObject, OperationObject, ParameterObject, ResponseObject } from "openapi3-ts/oas31";
import { refName, typeText, type JsonSchema } from "./type-text";

/**
 * What the docs page shows, read from the OpenAPI document itself (so the page can never say
 * something the document does not): operations grouped by tag, then the named schemas.
 */
export interface DocsParameter {
  name: string;
  location: string;
  required: boolean;
  type: string;
}

export interface DocsResponse {
  status: string;
  description: string;
  /** The body's type, and the named schema it is (or is a list of), to link to. */
  type: string | null;
  schemaName: string | null;
  headers: string[];
}

export interface DocsOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string | null;
  access: string;
  parameters: DocsParameter[];
  body: { required: boolean; type: string } | null;
  responses: DocsResponse[];
}

export interface DocsView {
  title: string;
  version: string;
  description: string;
  tags: { name: string; operations: DocsOperation[] }[];
  schemas: { name: string; type: string }[];
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

function accessText(security: OperationObject["security"]): string {
  if (!security || security.length === 0) return "Public: no credentials needed.";
  const schemes = security.flatMap((requirement) => Object.keys(requirement));
  const names = schemes.map((scheme) => (scheme === "bearerAuth" ? "a bearer token" : "the session cookie"));
  const either = [...new Set(names)].join(" or ");
  return security.some((requirement) => Object.keys(requirement).length === 0)
    ? `Optional: ${either} changes the answer.`
    : `Signed in: ${either}.`;
}

function jsonSchemaOf(content: ResponseObject["content"]): JsonSchema | undefined {
  return content?.["application/json"]?.schema as JsonSchema | undefined;
}

function response(status: string, value: ResponseObject): DocsResponse {
  const schema = jsonSchemaOf(value.content);
  const named = schema?.$ref ?? schema?.items?.$ref;
  return {
    status,
    description: value.description,
    type: schema ? typeText(schema) : null,
    schemaName: named ? refName(named) : null,
    headers: Object.keys(value.headers ?? {}),
  };
}

function operationView(path: string, method: string, operation: OperationObject): DocsOperation {
  const parameters = (operation.parameters ?? []) as ParameterObject[];
  const body = operation.requestBody as { required?: boolean; content?: ResponseObject["content"] } | undefined;
  return {
    id: operation.operationId ?? `${method}_${path}`,
    method: method.toUpperCase(),
    path,
    summary: operation.summary ?? "",
    description: operation.description ?? null,
    access: accessText(operation.security),
    parameters: parameters.map((parameter) => ({
      name: parameter.name,
      location: parameter.in,
      required: parameter.required ?? false,
      type: typeText(parameter.schema as JsonSchema),
    })),
    body: body ? { required: body.required ?? false, type: typeText(jsonSchemaOf(body.content)) } : null,
    responses: Object.entries(operation.responses ?? {}).map(([status, value]) =>
      response(status, value as ResponseObject),
    ),
  };
}

export function docsView(document: OpenAPIObject): DocsView {
  const byTag = new Map<string, DocsOperation[]>((document.tags ?? []).map((tag) => [tag.name, []]));
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? "Other";
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push(operationView(path, method, operation));
    }
  }
  return {
    title: document.info.title,
    version: document.info.version,
    description: document.info.description ?? "",
    tags: [...byTag].map(([name, operations]) => ({ name, operations })),
    schemas: Object.entries(document.components?.schemas ?? {}).map(([name, schema]) => ({
      name,
      type: typeText(schema as JsonSchema),
    })),
  };
}
