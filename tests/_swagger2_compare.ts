/**
 * The comparison of routecast's `fromOpenAPI` on Swagger 2.0 documents with
 * swagger-client's Swagger 2.0 `buildRequest` (tests/openapi_swagger2_reference_test.ts):
 * values generated from each parameter's `type`, `items`, `enum` and
 * `collectionFormat` (three modes), both requests reduced to what goes on the
 * wire, and every difference either one of the documented ones (DIFFERENCES,
 * each recognised by undoing it: building swagger-client's request again from
 * an input changed the way routecast reads it, or rewriting the one piece of
 * output it is about) or a bug.
 *
 * @module
 */
import SwaggerClient from "swagger-client";
import { normalizeUnreserved } from "./_openapi_compare.ts";
import { Random } from "./_openapi_values.ts";

// deno-lint-ignore no-explicit-any
export type Json = any;

export const DIFFERENCES = {
  "1 https first": "the scheme is https when schemes lists it (swagger-client takes schemes[0])",
  "2 default not sent": "a parameter's default is not sent (swagger-client sends it)",
  "3 empty value":
    'an empty string is sent as name= (swagger-client leaves "" out of the query and form)',
  "4 empty list": "an empty list is left out (swagger-client sends name=)",
  "5 header and path lists":
    "collectionFormat applies to header and path lists (swagger-client joins them with ,)",
  "6 path list comma": "a csv path list keeps its , (swagger-client writes %2C)",
  "7 sub-delims":
    "!'()* are percent-encoded in path, query and form list items (swagger-client leaves them)",
  "8 wildcard body type": "a body the operation consumes as */* goes as application/json",
  "9 content-type parameter":
    "a header parameter named Content-Type is sent as given (swagger-client sets consumes[0] over it)",
  "10 form content type":
    "form fields go with the form media type when consumes lists none (swagger-client: consumes[0])",
  "11 multipart content type":
    "a multipart body has no content-type, so the client writes it with its boundary (swagger-client: multipart/form-data, no boundary)",
  "12 accept parameter":
    "a header parameter named Accept is sent as given (swagger-client sets produces[0] over it)",
} as const;
export type Difference = keyof typeof DIFFERENCES;

export interface Parameter {
  readonly name: string;
  readonly in: string;
  readonly type?: string;
  readonly items?: Json;
  readonly collectionFormat?: string;
  readonly enum?: unknown[];
  readonly default?: unknown;
  readonly required?: boolean;
  readonly schema?: Json;
}

export interface Operation {
  readonly path: string;
  readonly method: string;
  /** The operation's parameters and its path's, the operation's winning, `$ref`s resolved. */
  readonly parameters: Parameter[];
  readonly consumes: string[];
}

export type Mode = "plain" | "mixed" | "edge";

/** The operations of a resolved document. */
export function operationsOf(resolved: Json): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries<Json>(resolved.paths ?? {})) {
    for (const method of ["get", "put", "post", "delete", "options", "head", "patch"]) {
      const operation = item[method];
      if (!operation) continue;
      const own: Parameter[] = operation.parameters ?? [];
      const common: Parameter[] = (item.parameters ?? []).filter((p: Parameter) =>
        !own.some((o) => o.name === p.name && o.in === p.in)
      );
      out.push({
        path,
        method,
        parameters: [...own, ...common],
        consumes: operation.consumes ?? resolved.consumes ?? [],
      });
    }
  }
  return out;
}

const MIXED = ["a b", "x+y", "ü/é", "50%", "k=v&w", "it's (1)*!", "semi;colon", "tab\there"];
const EDGE = ["", "~", "a,b", "|", "#frag", "?q", "日本"];

function scalar(type: string | undefined, mode: Mode, random: Random, enumeration?: unknown[]) {
  if (enumeration && enumeration.length > 0 && mode !== "edge") {
    return enumeration[random.int(enumeration.length)];
  }
  switch (type) {
    case "integer":
      return mode === "plain" ? 1 + random.int(99) : mode === "mixed" ? -random.int(3) : 0;
    case "number":
      return mode === "plain" ? 2.5 : mode === "mixed" ? -0.25 : 0;
    case "boolean":
      return mode === "plain" ? true : mode === "mixed" ? random.int(2) === 0 : false;
    default: {
      if (mode === "plain") return "v" + random.int(1000);
      const pool = mode === "mixed" ? MIXED : EDGE;
      return pool[random.int(pool.length)];
    }
  }
}

/** Values for an operation's parameters: every parameter given in plain mode, some left out else. */
export function valuesFor(operation: Operation, mode: Mode, seed: number): Record<string, unknown> {
  const random = new Random(seed);
  const values: Record<string, unknown> = {};
  for (const p of operation.parameters) {
    if (p.in === "body") {
      const json = operation.consumes.length === 0 ||
        operation.consumes.some((t) => /json/i.test(t) || t.includes("*"));
      values[p.name] = json
        ? { name: scalar("string", mode, random), count: scalar("integer", mode, random) }
        : scalar("string", mode === "edge" ? "mixed" : mode, random);
      continue;
    }
    if (p.type === "file") {
      // A file is a Blob in a multipart body; a required one is always given, as every required parameter.
      if (p.required || mode === "plain") {
        values[p.name] = new Blob([scalar("string", mode, random) as string], {
          type: "text/plain",
        });
      }
      continue;
    }
    if (mode !== "plain" && !p.required && p.in !== "path" && random.int(3) === 0) continue;
    if (p.type === "array") {
      // An empty path list is a missing path parameter, refused by design (rule 19).
      const length = mode === "edge" && p.in !== "path" ? random.int(3) : 1 + random.int(3);
      const items = [];
      for (let i = 0; i < length; i++) {
        items.push(scalar(p.items?.type, mode, random, p.items?.enum));
      }
      values[p.name] = items;
    } else {
      let value = scalar(p.type, mode, random, p.enum);
      // A path value "" or a dot-segment is refused by design (rule 9, 19): not compared here.
      if (p.in === "path" && (value === "" || value === "." || value === "..")) value = "p";
      // Header values with a control character are refused (rule 10).
      if (p.in === "header" && typeof value === "string") value = value.replace(/\t/g, " ");
      values[p.name] = value;
    }
  }
  return values;
}

export interface Built {
  method: string;
  base: string;
  query: string[];
  headers: Record<string, string>;
  body?: unknown;
}

export interface Case {
  readonly name: string;
  readonly resolved: Json;
  readonly operation: Operation;
  readonly values: Record<string, unknown>;
  readonly contextUrl?: string;
}

/** Reduces a request to what is compared: method, url base, query pieces, parameter headers, body. */
/** A FormData body as its entries, a file as its type, name-free and timestamp-free: comparable. */
export function plainBody(body: unknown): unknown {
  if (!(body instanceof FormData)) return body;
  return [...body.entries()].map(([name, value]) =>
    typeof value === "string" ? [name, value] : [name, { file: value.type, size: value.size }]
  );
}

export function reduce(c: Case, request: Json): Built {
  const url = normalizeUnreserved(request.url);
  const mark = url.indexOf("?");
  const headers: Record<string, string> = {};
  const wanted = new Set(
    c.operation.parameters.filter((p) => p.in === "header" && c.values[p.name] != null)
      .map((p) => p.name.toLowerCase()),
  );
  const hasBody = request.body !== undefined && request.body !== "";
  if (hasBody) wanted.add("content-type");
  for (const [name, value] of Object.entries<Json>(request.headers ?? {})) {
    if (wanted.has(name.toLowerCase()) && value !== undefined) {
      headers[name.toLowerCase()] = String(value);
    }
  }
  let body = hasBody ? plainBody(request.body) : undefined;
  if (typeof body === "string" && /json/i.test(headers["content-type"] ?? "")) {
    try {
      body = JSON.parse(body);
    } catch { /* compared as text */ }
  }
  const search = mark < 0 ? "" : url.slice(mark + 1);
  return {
    method: String(request.method).toLowerCase(),
    base: mark < 0 ? url : url.slice(0, mark),
    query: search === "" ? [] : search.split("&"),
    headers,
    ...(body === undefined ? {} : { body }),
  };
}

export function equalBuilt(a: Built, b: Built): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Resolves a document the way swagger-client needs it. */
export async function resolveForSwagger(document: Json): Promise<Json> {
  const { spec, errors } = await SwaggerClient.resolve({ spec: structuredClone(document) });
  if (errors?.length) {
    throw new Error(`swagger-client could not resolve: ${JSON.stringify(errors)}`);
  }
  return spec;
}

/** swagger-client's request for a case. */
export function buildWithSwagger(c: Case, spec: Json = c.resolved, values = c.values): Json {
  return SwaggerClient.buildRequest({
    spec,
    operationId: `${c.operation.method}-${c.operation.path}`,
    parameters: values,
    ...(c.contextUrl ? { contextUrl: c.contextUrl } : {}),
  });
}

export type Outcome =
  | { kind: "equal" }
  | { kind: "explained"; differences: Difference[] }
  | { kind: "bug"; routecast: Built | string; swagger: Built | string };

const SUB_DELIMS = /[!'()*]/g;

function strict(text: string): string {
  return text.replace(SUB_DELIMS, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase());
}

function stripDefaults(c: Case): Json {
  const strip = (list: Json[] | undefined) =>
    list?.map((p: Json) => {
      if (p.default === undefined) return p;
      const { default: _, ...rest } = p;
      return rest;
    });
  const item = c.resolved.paths[c.operation.path];
  const operation = item[c.operation.method];
  return {
    ...c.resolved,
    paths: {
      ...c.resolved.paths,
      [c.operation.path]: {
        ...item,
        parameters: strip(item.parameters),
        [c.operation.method]: { ...operation, parameters: strip(operation.parameters) },
      },
    },
  };
}

/** The scheme routecast chooses for a document with a host (rule 27): https unless only http is listed. */
function chosenScheme(resolved: Json): string {
  const schemes: string[] = Array.isArray(resolved.schemes) ? resolved.schemes : [];
  return schemes.length > 0 && !schemes.includes("https") ? "http" : "https";
}

/** Compares routecast's request with swagger-client's, undoing each documented difference that applies. */
export function compare(
  c: Case,
  result: { ok: true; request: Json } | { ok: false; error: unknown },
): Outcome {
  const found = new Set<Difference>();
  let theirsRequest: Json;
  const defaulted = c.operation.parameters.some((p) =>
    p.default !== undefined && c.values[p.name] === undefined
  );
  try {
    theirsRequest = buildWithSwagger(c);
    if (defaulted) {
      const without = buildWithSwagger(c, stripDefaults(c));
      if (JSON.stringify(without) !== JSON.stringify(theirsRequest)) {
        found.add("2 default not sent");
      }
      theirsRequest = without;
    }
  } catch (error) {
    theirsRequest = undefined;
    if (!result.ok) return { kind: "equal" }; // both refuse
    return { kind: "bug", routecast: reduce(c, result.request), swagger: String(error) };
  }
  if (!result.ok) {
    return { kind: "bug", routecast: String(result.error), swagger: reduce(c, theirsRequest) };
  }
  const ours = reduce(c, result.request);
  const theirs = reduce(c, theirsRequest);
  if (equalBuilt(ours, theirs)) {
    return found.size > 0 ? { kind: "explained", differences: [...found] } : { kind: "equal" };
  }

  // 1, 2: the scheme.
  if (c.resolved.host !== undefined || Array.isArray(c.resolved.schemes)) {
    const scheme = c.resolved.host === undefined ? "https" : chosenScheme(c.resolved);
    const colon = theirs.base.indexOf("://");
    if (colon > 0 && theirs.base.slice(0, colon) !== scheme) {
      theirs.base = scheme + theirs.base.slice(colon);
      found.add("1 https first");
    }
  }
  // 8: !'()* in swagger-client's path, query and form body.
  const origin = theirs.base.indexOf("/", theirs.base.indexOf("://") + 3);
  const before = JSON.stringify(theirs);
  if (origin > 0) theirs.base = theirs.base.slice(0, origin) + strict(theirs.base.slice(origin));
  theirs.query = theirs.query.map(strict);
  if (typeof theirs.body === "string" && /form-urlencoded/.test(theirs.headers["content-type"])) {
    theirs.body = strict(theirs.body);
  }
  if (JSON.stringify(theirs) !== before) found.add("7 sub-delims");
  // 6, 7: header and path lists by their collectionFormat.
  for (const p of c.operation.parameters) {
    const value = c.values[p.name];
    if (!Array.isArray(value) || value.length === 0 || (p.in !== "path" && p.in !== "header")) {
      continue;
    }
    const format = p.collectionFormat ?? "csv";
    const separator = ({ ssv: " ", tsv: "\t", pipes: "|" } as Record<string, string>)[format] ??
      ",";
    if (p.in === "header") {
      const key = p.name.toLowerCase();
      const joined = value.map(String).join(separator);
      if (separator !== "," && theirs.headers[key] === value.map(String).join(",")) {
        theirs.headers[key] = joined;
        found.add("5 header and path lists");
      }
      continue;
    }
    const segment = (text: string) => normalizeUnreserved(strict(encodeURIComponent(text)));
    const theirsSegment = segment(value.map(String).join(","));
    const oursSegment = value.map((item) => segment(String(item))).join(
      separator === "," ? "," : encodeURIComponent(separator),
    );
    const at = theirs.base.indexOf(theirsSegment, origin);
    if (at > 0 && theirsSegment !== oursSegment) {
      theirs.base = theirs.base.slice(0, at) + oursSegment +
        theirs.base.slice(at + theirsSegment.length);
      found.add(separator === "," ? "6 path list comma" : "5 header and path lists");
    }
  }
  // 5: "" values.
  const empty = new Set(
    c.operation.parameters.filter((p) => c.values[p.name] === "" && p.in !== "header")
      .map((p) => encodeURIComponent(p.name) + "="),
  );
  if (empty.size > 0) {
    const query = ours.query.filter((piece) => !empty.has(piece));
    let body = ours.body;
    if (typeof body === "string" && /form-urlencoded/.test(ours.headers["content-type"])) {
      body = body.split("&").filter((piece) => !empty.has(piece)).join("&");
    }
    if (query.length !== ours.query.length || body !== ours.body) {
      found.add("3 empty value");
      ours.query = query;
      if (body === "") {
        delete ours.body;
        delete ours.headers["content-type"];
      } else ours.body = body;
    }
  }
  // 11: empty lists.
  const emptyLists = new Set(
    c.operation.parameters.filter((p) =>
      Array.isArray(c.values[p.name]) && (c.values[p.name] as unknown[]).length === 0
    )
      .map((p) => encodeURIComponent(p.name) + "="),
  );
  if (emptyLists.size > 0) {
    const query = theirs.query.filter((piece) => !emptyLists.has(piece));
    let body = theirs.body;
    if (typeof body === "string" && /form-urlencoded/.test(theirs.headers["content-type"])) {
      body = body.split("&").filter((piece) => !emptyLists.has(piece)).join("&");
    }
    if (query.length !== theirs.query.length || body !== theirs.body) {
      found.add("4 empty list");
      theirs.query = query;
      if (body === "") {
        delete theirs.body;
        delete theirs.headers["content-type"];
      } else theirs.body = body;
    }
  }
  // 12: form fields with a consumes that lists no form type.
  if (
    typeof theirs.body === "string" && c.operation.parameters.some((p) => p.in === "formData") &&
    !c.operation.consumes.some((t) => /form/.test(t)) &&
    ours.headers["content-type"] === "application/x-www-form-urlencoded"
  ) {
    theirs.headers["content-type"] = ours.headers["content-type"];
    found.add("10 form content type");
  }
  // 10: a Content-Type header parameter wins over consumes.
  const named = c.operation.parameters.find((p) =>
    p.in === "header" && p.name.toLowerCase() === "content-type" && c.values[p.name] != null
  );
  if (named !== undefined && theirs.headers["content-type"] !== String(c.values[named.name])) {
    theirs.headers["content-type"] = String(c.values[named.name]);
    found.add("9 content-type parameter");
  }
  // 13: an Accept header parameter wins over produces.
  const accept = c.operation.parameters.find((p) =>
    p.in === "header" && p.name.toLowerCase() === "accept" && c.values[p.name] != null
  );
  if (accept !== undefined && theirs.headers.accept !== String(c.values[accept.name])) {
    theirs.headers.accept = String(c.values[accept.name]);
    found.add("12 accept parameter");
  }
  // 9: a wildcard consumes goes as JSON.
  const type = theirs.headers["content-type"];
  if (
    type !== undefined && type.endsWith("/*") && ours.headers["content-type"] === "application/json"
  ) {
    theirs.headers["content-type"] = "application/json";
    found.add("8 wildcard body type");
  }
  // 11: a multipart body leaves its content-type (and boundary) to the client.
  if (
    Array.isArray(theirs.body) && theirs.headers["content-type"] === "multipart/form-data" &&
    ours.headers["content-type"] === undefined
  ) {
    delete theirs.headers["content-type"];
    found.add("11 multipart content type");
  }
  if (equalBuilt(ours, theirs)) return { kind: "explained", differences: [...found] };
  return { kind: "bug", routecast: ours, swagger: theirs };
}
