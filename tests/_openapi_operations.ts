/**
 * Reading OpenAPI 3.x descriptions for the tests against real descriptions
 * (tests/openapi_reference_test.ts, tests/openapi_wire_test.ts) and for the
 * script that vendors them (scripts/vendor_openapi.ts): local `$ref`s, the
 * operations with their effective parameters, and the kinds of parameter that
 * make an operation worth comparing. Independent of routecast's own reading.
 *
 * @module
 */

// deno-lint-ignore no-explicit-any
export type Json = any;

export const METHODS = [
  "get",
  "put",
  "post",
  "delete",
  "options",
  "head",
  "patch",
  "trace",
] as const;

/** The value a local `$ref` (`#/a/b~1c`) points at, following chains; `undefined` when absent. */
export function deref(document: Json, node: Json): Json {
  for (let hops = 0; node && typeof node === "object" && typeof node.$ref === "string"; hops++) {
    if (hops > 32 || !node.$ref.startsWith("#/")) return undefined;
    let target = document;
    for (const part of node.$ref.slice(2).split("/")) {
      target = target?.[part.replaceAll("~1", "/").replaceAll("~0", "~")];
    }
    node = target;
  }
  return node;
}

/** A schema with `allOf` merged and the first `anyOf`/`oneOf` branch taken, for its shape. */
export function schemaShape(document: Json, schema: Json, depth = 0): Json {
  schema = deref(document, schema);
  if (!schema || typeof schema !== "object" || depth > 8) return {};
  if (Array.isArray(schema.allOf)) {
    const merged: Json = { ...schema, allOf: undefined, properties: { ...schema.properties } };
    for (const part of schema.allOf) {
      const shape = schemaShape(document, part, depth + 1);
      merged.type ??= shape.type;
      Object.assign(merged.properties, shape.properties);
      if (shape.items) merged.items ??= shape.items;
      if (shape.required) merged.required = [...(merged.required ?? []), ...shape.required];
    }
    if (Object.keys(merged.properties).length === 0) delete merged.properties;
    return merged;
  }
  return schema;
}

/** The JSON type of a schema: the declared one, else the one its keywords imply. */
export function schemaType(document: Json, schema: Json): string | undefined {
  const shape = schemaShape(document, schema);
  let type = shape.type;
  if (Array.isArray(type)) type = type.find((t: string) => t !== "null");
  if (type) return type;
  if (shape.properties || shape.additionalProperties) return "object";
  if (shape.items) return "array";
  for (const key of ["anyOf", "oneOf"]) {
    if (Array.isArray(shape[key])) {
      const types = new Set(shape[key].map((branch: Json) => schemaType(document, branch)));
      if (types.size === 1) return [...types][0] as string;
    }
  }
  return undefined;
}

export interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  style?: string;
  explode?: boolean;
  allowReserved?: boolean;
  schema?: Json;
  content?: Record<string, Json>;
  /** Set by {@link operationsOf}: a path-level parameter that the operation redefines. */
  shadowed?: boolean;
}

export interface Operation {
  method: string;
  path: string;
  operationId?: string;
  /** Effective parameters: the operation's, then the path-level ones it does not redefine. */
  parameters: Parameter[];
  /** Path-level parameters that the operation redefines (same `name` and `in`). */
  shadowed: Parameter[];
  requestBody?: { content: Record<string, Json>; required?: boolean };
}

/** Every operation of a description, in document order. */
export function operationsOf(document: Json): Operation[] {
  const operations: Operation[] = [];
  for (const [path, rawItem] of Object.entries<Json>(document.paths ?? {})) {
    const item = deref(document, rawItem);
    if (!item) continue;
    const pathLevel: Parameter[] = (item.parameters ?? []).map((p: Json) => deref(document, p))
      .filter(Boolean);
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const own: Parameter[] = (operation.parameters ?? []).map((p: Json) => deref(document, p))
        .filter(Boolean);
      const redefines = (p: Parameter) => own.some((o) => o.name === p.name && o.in === p.in);
      const requestBody = deref(document, operation.requestBody);
      operations.push({
        method,
        path,
        operationId: operation.operationId,
        parameters: [...own, ...pathLevel.filter((p) => !redefines(p))],
        shadowed: pathLevel.filter(redefines),
        requestBody: requestBody?.content ? requestBody : undefined,
      });
    }
  }
  return operations;
}

export const FORM = "application/x-www-form-urlencoded";

/** A media type that routecast sends as JSON (rule 25): JSON, `*\/*+json`, a wildcard. */
export function isJsonMediaType(type: string): boolean {
  const bare = type.split(";")[0].trim().toLowerCase();
  return bare === "application/json" || bare.endsWith("+json") || bare === "*/*";
}

/**
 * How the operation's body is sent per rule 25: `"json"` with the first JSON
 * type, `"form"` when it lists only form-urlencoded (or form and no JSON type),
 * else `undefined` (multipart, octet-stream, text: not compared).
 */
export function bodyEncoding(
  operation: Operation,
): { kind: "json" | "form"; type: string } | undefined {
  const types = Object.keys(operation.requestBody?.content ?? {});
  const json = types.find(isJsonMediaType);
  if (json) return { kind: "json", type: json };
  if (types.length > 0 && types.every((t) => t.split(";")[0].trim() === FORM)) {
    return { kind: "form", type: types[0] };
  }
  return undefined;
}

/** The kinds of parameter the comparison counts; an operation with any of them is compared. */
export type Kind =
  | "path list/object"
  | "path label"
  | "path matrix"
  | "query list, form explode"
  | "query list, form no explode"
  | "query object, form"
  | "query deepObject"
  | "query pipeDelimited"
  | "query spaceDelimited"
  | "query on non-GET"
  | "header list/object"
  | "cookie"
  | "explode false"
  | "allowReserved"
  | "content"
  | "form body";

/** The non-trivial kinds of one parameter. */
export function parameterKinds(document: Json, parameter: Parameter, method: string): Kind[] {
  const kinds: Kind[] = [];
  const type = parameter.content ? "content" : schemaType(document, parameter.schema);
  const composite = type === "array" || type === "object";
  const style = parameter.style ??
    (parameter.in === "query" || parameter.in === "cookie" ? "form" : "simple");
  if (parameter.content) kinds.push("content");
  if (parameter.allowReserved) kinds.push("allowReserved");
  if (parameter.explode === false && composite) kinds.push("explode false");
  switch (parameter.in) {
    case "path":
      if (style === "label") kinds.push("path label");
      else if (style === "matrix") kinds.push("path matrix");
      else if (composite) kinds.push("path list/object");
      break;
    case "query":
      if (method !== "get" && method !== "head") kinds.push("query on non-GET");
      if (style === "deepObject") kinds.push("query deepObject");
      else if (style === "pipeDelimited") kinds.push("query pipeDelimited");
      else if (style === "spaceDelimited") kinds.push("query spaceDelimited");
      else if (type === "array") {
        kinds.push(
          parameter.explode === false ? "query list, form no explode" : "query list, form explode",
        );
      } else if (type === "object") kinds.push("query object, form");
      break;
    case "header":
      if (composite) kinds.push("header list/object");
      break;
    case "cookie":
      kinds.push("cookie");
      break;
  }
  return kinds;
}

/** The non-trivial kinds of an operation (its parameters' and a form body). */
export function operationKinds(document: Json, operation: Operation): Set<Kind> {
  const kinds = new Set<Kind>();
  for (const parameter of operation.parameters) {
    for (const kind of parameterKinds(document, parameter, operation.method)) kinds.add(kind);
  }
  if (bodyEncoding(operation)?.kind === "form") kinds.add("form body");
  return kinds;
}
