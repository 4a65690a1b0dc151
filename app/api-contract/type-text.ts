/**
 * A JSON Schema (as OpenAPI 3.1 writes it) as a short TypeScript-like type, for people reading
 * the docs page: `{ projectId: string (uuid); tags?: string[] }`. References print as their name.
 */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
}

export function refName(ref: string): string {
  return ref.slice(ref.lastIndexOf("/") + 1);
}

export function typeText(schema: JsonSchema | undefined, depth = 0): string {
  if (!schema) return "unknown";
  if (schema.$ref) return refName(schema.$ref);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.map((option) => typeText(option, depth)).join(" | ");
  if (schema.allOf) return schema.allOf.map((part) => typeText(part, depth)).join(" & ");
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return types.map((type) => typeText({ ...schema, type }, depth)).join(" | ");
  const nullable = schema.nullable ? " | null" : "";
  switch (types[0]) {
    case "object":
      return objectText(schema, depth) + nullable;
    case "array": {
      const item = typeText(schema.items, depth);
      return (/[|&]/.test(item) && !item.startsWith("{") ? `(${item})[]` : `${item}[]`) + nullable;
    }
    case "string":
      return (schema.format ? `string (${schema.format})` : "string") + nullable;
    case undefined:
      return "unknown";
    default:
      return types[0] + nullable;
  }
}

function objectText(schema: JsonSchema, depth: number): string {
  const pad = "  ".repeat(depth + 1);
  const required = new Set(schema.required ?? []);
  const lines = Object.entries(schema.properties ?? {}).map(
    ([name, property]) => `${pad}${name}${required.has(name) ? "" : "?"}: ${typeText(property, depth + 1)};`,
  );
  const rest = schema.additionalProperties;
  if (rest && typeof rest === "object") lines.push(`${pad}[key: string]: ${typeText(rest, depth + 1)};`);
  if (lines.length === 0) return rest === false ? "{}" : "object";
  return `{\n${lines.join("\n")}\n${"  ".repeat(depth)}}`;
}
