/**
 * The comparison of routecast's `fromOpenAPI` with swagger-client's
 * `buildRequest` on real descriptions, and the classification of every
 * difference: either one of the documented differences (where routecast
 * deliberately follows the OpenAPI Specification or RFC 6570 and swagger-client
 * does not) or a bug.
 *
 * Each documented difference is recognised by undoing it, never by ignoring a
 * component: either by building swagger-client's request again from an input
 * changed the way routecast reads it (a path-level parameter that the operation
 * redefines removed, Dates as ISO strings, ...), or by rewriting the exact piece
 * of output that the difference is about (the one parameter's query pieces, the
 * label expansion, the cookie header checked against the OpenAPI form). What is
 * left must then be equal, else the operation is a bug.
 *
 * @module
 */
import SwaggerClient from "swagger-client";
import {
  bodyEncoding,
  type Json,
  type Operation,
  type Parameter,
  schemaType,
} from "./_openapi_operations.ts";
import type { Values } from "./_openapi_values.ts";

/** A request reduced to what is compared. */
export interface Built {
  method: string;
  /** Scheme, host and path, unreserved characters' percent-encoding normalized. */
  base: string;
  /** The query's `&`-separated pieces, in order, normalized as `base`. */
  query: string[];
  /** Parameter headers (and `content-type` when a body was sent), names lowercased. */
  headers: Record<string, string>;
  body?: unknown;
}

export const DIFFERENCES = {
  "1 empty query value": "an empty string is sent as name=, an empty list or object is left out",
  "2 label list/object": "label lists and objects without explode as RFC 6570 writes them (.a,b)",
  "3 dates": "Date values are written with toISOString()",
  "4 cookies": "all cookie parameters in one header, explode by default, strict percent-encoding",
  "5 allowReserved": "pct-encoded triplets pass through an allowReserved value",
  "6 content query": "a query parameter with content is percent-encoded strictly",
  "7 ignored header names": "header parameters Accept, Content-Type, Authorization are sent",
  "8 redefined path-level parameter": "the operation's parameter wins over the path-level one",
  "9 null form field": "null form-body fields are left out",
  "10 refused path value": "a path value . or .., or a missing path parameter, is a TypeError",
  "11 wildcard body type": "a body the operation takes as */* goes as application/json",
  "12 empty PUT body": 'a PUT or PATCH with no body has body "" (rule 7)',
  "13 empty path value":
    "an empty path value is an empty segment; swagger-client stops filling the path",
  "14 empty header value": "a header parameter whose list or object is empty is left out",
  "15 allowReserved delimiters":
    "an allowReserved value's # and & (and = in a key) are percent-encoded: they would end it",
} as const;
export type Difference = keyof typeof DIFFERENCES;

const UNRESERVED = /%(2[DdEe]|3[0-9]|4[1-9A-Fa-f]|5[0-9Aa]|5[Ff]|6[1-9A-Fa-f]|7[0-9Aa]|7[Ee])/g;

/** Decodes the percent-encoding of unreserved characters only (`%7E` is `~`); nothing else. */
export function normalizeUnreserved(text: string): string {
  return text.replace(UNRESERVED, (triplet) => {
    const char = String.fromCharCode(parseInt(triplet.slice(1), 16));
    return /[A-Za-z0-9\-._~]/.test(char) ? char : triplet;
  });
}

/** Percent-encodes everything but unreserved characters (UTF-8). */
export function encodeStrict(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase(),
  );
}

function pieceName(piece: string): string {
  const raw = piece.split("=")[0];
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** JSON text with Dates as ISO strings and keys in a stable order, for body equality. */
function canonical(value: unknown): string {
  return JSON.stringify(value, function (_key, v) {
    if (v && typeof v === "object" && !Array.isArray(v)) {
      return Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]]));
    }
    return v;
  });
}

export interface Case {
  name: string;
  document: Json;
  /** swagger-client's resolved copy of the document. */
  resolved: Json;
  operation: Operation;
  generated: Values;
  /** The base URL when the description's server is relative, for both builders. */
  contextUrl?: string;
}

/** The header names compared for an operation. */
function comparedHeaders(c: Case): Set<string> {
  const names = new Set<string>();
  for (const p of c.operation.parameters) {
    if (p.in === "header" && c.generated.parameters[p.name] != null) {
      names.add(p.name.toLowerCase());
    }
    if (p.in === "cookie") names.add("cookie");
  }
  if (c.generated.body) names.add("content-type");
  return names;
}

export function reduce(
  c: Case,
  request: { method: string; url: string; headers?: Json; body?: unknown },
): Built {
  const url = normalizeUnreserved(request.url);
  const mark = url.indexOf("?");
  const base = mark < 0 ? url : url.slice(0, mark);
  const search = mark < 0 ? "" : url.slice(mark + 1);
  const wanted = comparedHeaders(c);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries<Json>(request.headers ?? {})) {
    if (wanted.has(name.toLowerCase()) && value !== undefined) {
      headers[name.toLowerCase()] = String(value);
    }
  }
  let body = request.body;
  if (typeof body === "string" && bodyEncoding(c.operation)?.kind === "json") {
    try {
      body = JSON.parse(body);
    } catch { /* compared as text */ }
  }
  return {
    method: request.method.toLowerCase(),
    base,
    query: search === "" ? [] : search.split("&"),
    headers,
    ...(body === undefined ? {} : { body }),
  };
}

export function equalBuilt(a: Built, b: Built): boolean {
  return a.method === b.method && a.base === b.base &&
    JSON.stringify(a.query) === JSON.stringify(b.query) &&
    canonical(a.headers) === canonical(b.headers) &&
    (typeof a.body === "string" || typeof b.body === "string"
      ? a.body === b.body
      : canonical(a.body) === canonical(b.body));
}

/** Resolves a description the way swagger-client needs it, once. */
export async function resolveForSwagger(document: Json): Promise<Json> {
  const { spec, errors } = await SwaggerClient.resolve({ spec: structuredClone(document) });
  if (errors?.length) {
    throw new Error(`swagger-client could not resolve: ${JSON.stringify(errors)}`);
  }
  return spec;
}

/** swagger-client's request for a case, with optional changes to its input. */
export function buildWithSwagger(
  c: Case,
  change: {
    spec?: Json;
    parameters?: Record<string, unknown>;
    body?: Record<string, unknown>;
  } = {},
  baseURL?: string,
): Json {
  const encoding = bodyEncoding(c.operation);
  const body = change.body ?? c.generated.body;
  return SwaggerClient.buildRequest({
    spec: change.spec ?? c.resolved,
    operationId: `${c.operation.method}-${c.operation.path}`,
    parameters: change.parameters ?? c.generated.parameters,
    ...(body && encoding ? { requestBody: body, requestContentType: encoding.type } : {}),
    ...(c.contextUrl ? { contextUrl: c.contextUrl } : {}),
    ...(baseURL ? { baseURL } : {}),
  });
}

/** The resolved operation and path item of a case, for changed copies of the spec. */
function withOperation(
  c: Case,
  edit: (pathItem: Json, operation: Json) => { pathItem: Json; operation: Json },
): Json {
  const pathItem = c.resolved.paths[c.operation.path];
  const { pathItem: newItem, operation } = edit(pathItem, pathItem[c.operation.method]);
  return {
    ...c.resolved,
    paths: {
      ...c.resolved.paths,
      [c.operation.path]: { ...newItem, [c.operation.method]: operation },
    },
  };
}

function mapDates(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(mapDates);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapDates(v)]));
  }
  return value;
}

function hasDate(value: unknown): boolean {
  return value instanceof Date ||
    (value !== null && typeof value === "object" && Object.values(value).some(hasDate));
}

const IGNORED_HEADERS = new Set(["accept", "content-type", "authorization"]);
/** Stands for an empty path value in swagger-client's input, removed from its url afterwards. */
const EMPTY_PATH_VALUE = "routecastemptypathvalue";
const RENAMED = "x-routecast-renamed-";

/** What the input-side differences change in swagger-client's input. */
function swaggerInputAsRoutecastReadsIt(c: Case, which: Set<Difference>) {
  let parameters = c.generated.parameters;
  let body = c.generated.body;
  let spec: Json = undefined;
  if (which.has("3 dates")) {
    parameters = mapDates(parameters) as Record<string, unknown>;
    if (body) body = mapDates(body) as Record<string, unknown>;
  }
  if (which.has("9 null form field") && body) {
    body = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== null));
  }
  if (which.has("13 empty path value")) {
    parameters = Object.fromEntries(
      Object.entries(parameters).map(([k, v]) =>
        c.operation.parameters.some((p) => p.in === "path" && p.name === k) && v === ""
          ? [k, EMPTY_PATH_VALUE]
          : [k, v]
      ),
    );
  }
  const rename = which.has("7 ignored header names");
  const unshadow = which.has("8 redefined path-level parameter");
  if (rename || unshadow) {
    const renamed = (list: Json[] | undefined) =>
      list?.map((p: Json) =>
        rename && p.in === "header" && IGNORED_HEADERS.has(p.name.toLowerCase())
          ? { ...p, name: RENAMED + p.name }
          : p
      );
    spec = withOperation(c, (pathItem, operation) => {
      let pathParameters = pathItem.parameters;
      if (unshadow) {
        pathParameters = pathParameters?.filter((p: Json) =>
          !(operation.parameters ?? []).some((o: Json) => o.name === p.name && o.in === p.in)
        );
      }
      return {
        pathItem: { ...pathItem, parameters: renamed(pathParameters) },
        operation: { ...operation, parameters: renamed(operation.parameters) },
      };
    });
    if (rename) {
      parameters = Object.fromEntries(
        Object.entries(parameters).map(([k, v]) => {
          const p = c.operation.parameters.find((p) => p.name === k && p.in === "header");
          return [p && IGNORED_HEADERS.has(k.toLowerCase()) ? RENAMED + k : k, v];
        }),
      );
    }
  }
  return { spec, parameters, body };
}

function applicableInputDifferences(c: Case): Difference[] {
  const found: Difference[] = [];
  const { parameters, body } = c.generated;
  if (hasDate(parameters) || (body && hasDate(body))) found.push("3 dates");
  if (body && bodyEncoding(c.operation)?.kind === "form" && Object.values(body).includes(null)) {
    found.push("9 null form field");
  }
  if (
    c.operation.parameters.some((p) =>
      p.in === "header" && IGNORED_HEADERS.has(p.name.toLowerCase()) && parameters[p.name] != null
    )
  ) found.push("7 ignored header names");
  if (c.operation.shadowed.length > 0) found.push("8 redefined path-level parameter");
  if (c.operation.parameters.some((p) => p.in === "path" && parameters[p.name] === "")) {
    found.push("13 empty path value");
  }
  return found;
}

/** swagger-client's request with the renamed headers named back. */
function unrename(request: Json): Json {
  const headers: Record<string, unknown> = {};
  for (const [name, value] of Object.entries<Json>(request.headers ?? {})) {
    const lower = name.toLowerCase();
    if (!lower.startsWith(RENAMED)) headers[name] = value;
  }
  for (const [name, value] of Object.entries<Json>(request.headers ?? {})) {
    const lower = name.toLowerCase();
    if (lower.startsWith(RENAMED)) {
      for (const k of Object.keys(headers)) {
        if (k.toLowerCase() === lower.slice(RENAMED.length)) delete headers[k];
      }
      headers[lower.slice(RENAMED.length)] = value;
    }
  }
  return { ...request, headers };
}

/** The query pieces that belong to parameter `p`. */
function piecesOf(p: Parameter, value: unknown, pieces: string[]): number[] {
  const keys = value && typeof value === "object" && !Array.isArray(value)
    ? Object.keys(value)
    : [];
  const indexes: number[] = [];
  pieces.forEach((piece, i) => {
    const name = pieceName(piece);
    if (name === p.name || name.startsWith(p.name + "[") || keys.includes(name)) indexes.push(i);
  });
  return indexes;
}

/** The cookie header the OpenAPI Specification asks for (form style, explode by default). */
export function expectedCookie(c: Case): string | undefined {
  const parts: string[] = [];
  for (const p of c.operation.parameters) {
    if (p.in !== "cookie") continue;
    let value = c.generated.parameters[p.name];
    if (value == null) continue;
    value = mapDates(value);
    const explode = p.explode ?? true;
    const text = (v: unknown) => encodeStrict(String(v));
    if (Array.isArray(value)) {
      if (value.length === 0) continue;
      if (explode) { for (const item of value) parts.push(`${p.name}=${text(item)}`); }
      else parts.push(`${p.name}=${value.map(text).join("%2C")}`);
    } else if (value && typeof value === "object") {
      const entries = Object.entries(value);
      if (entries.length === 0) continue;
      if (explode) { for (const [k, v] of entries) parts.push(`${k}=${text(v)}`); }
      else parts.push(`${p.name}=${entries.flat().map(text).join("%2C")}`);
    } else parts.push(`${p.name}=${text(value)}`);
  }
  return parts.length > 0 ? parts.join("; ") : undefined;
}

/** Whether a value (or a member, or a key) has a character that would end a query value. */
function hasDelimiter(value: unknown): boolean {
  return /[#&=]/.test(JSON.stringify(value) ?? "");
}

/**
 * Writes the `%23`, `%26` and `%3D` of the `&`-separated pieces at `indexes`
 * as swagger-client writes them (`#`, `&`, `=`), and splits the pieces again at
 * `&`; whether anything changed.
 */
function undoDelimiters(pieces: string[], indexes: number[]): boolean {
  let changed = false;
  for (const i of indexes) {
    const undone = pieces[i].replace(/%(23|26|3D)/g, (triplet) => decodeURIComponent(triplet));
    changed ||= undone !== pieces[i];
    pieces[i] = undone;
  }
  if (changed) pieces.splice(0, pieces.length, ...pieces.join("&").split("&"));
  return changed;
}

/** Output-side differences: rewrites `sc` (or `rc`) in place; returns those that applied. */
function undoOutputDifferences(c: Case, rc: Built, sc: Built): Difference[] {
  const found = new Set<Difference>();
  const values = c.generated.parameters;
  for (const p of c.operation.parameters) {
    if (!(p.name in values)) continue;
    const value = mapDates(values[p.name]);
    if (p.in === "query") {
      const rcPieces = piecesOf(p, value, rc.query);
      const scPieces = piecesOf(p, value, sc.query);
      // 1: "" is name= in routecast and left out by swagger-client; [] and {} the other way.
      if (value === "" && scPieces.length === 0 && rcPieces.length === 1) {
        const piece = rc.query[rcPieces[0]];
        if (piece.endsWith("=") && pieceName(piece) === p.name) {
          rc.query.splice(rcPieces[0], 1);
          found.add("1 empty query value");
          continue;
        }
      }
      const empty = (Array.isArray(value) && value.length === 0) ||
        (value && typeof value === "object" && !Array.isArray(value) &&
          Object.keys(value).length === 0);
      if (empty && rcPieces.length === 0 && scPieces.length === 1) {
        const piece = sc.query[scPieces[0]];
        if (piece === `${encodeStrict(p.name)}=` || piece === `${p.name}=`) {
          sc.query.splice(scPieces[0], 1);
          found.add("1 empty query value");
          continue;
        }
      }
      // 5: swagger-client encodes the % of a pct-encoded triplet.
      if (p.allowReserved) {
        for (const i of scPieces) {
          const undone = sc.query[i].replace(/%25([0-9A-Fa-f]{2})/g, "%$1");
          if (undone !== sc.query[i] && rc.query.includes(undone)) {
            sc.query[i] = undone;
            found.add("5 allowReserved");
          }
        }
      }
      // 15: routecast percent-encodes the # and & of an allowReserved value (= in a key), which
      // swagger-client writes as they are, ending the value: undone, the query is split again.
      if (p.allowReserved && hasDelimiter(value) && undoDelimiters(rc.query, rcPieces)) {
        found.add("15 allowReserved delimiters");
      }
      // 6: swagger-client leaves !'()* of a content (JSON) value unencoded.
      if (p.content) {
        for (const i of scPieces) {
          const [name, ...rest] = sc.query[i].split("=");
          const strict = `${name}=${
            rest.join("=").replace(/[!'()*]/g, (ch) =>
              "%" + ch.charCodeAt(0).toString(16).toUpperCase())
          }`;
          if (strict !== sc.query[i] && rc.query.includes(strict)) {
            sc.query[i] = strict;
            found.add("6 content query");
          }
        }
      }
    }
    // 2: label without explode: swagger-client joins with ".", RFC 6570 with ",".
    if (
      p.in === "path" && p.style === "label" && !p.explode && value && typeof value === "object"
    ) {
      const items = Array.isArray(value) ? value : Object.entries(value).flat();
      if (items.length > 1) {
        const encoded = items.map((item) => normalizeUnreserved(encodeStrict(String(item))));
        const theirs = "." + encoded.join(".");
        const ours = "." + encoded.join(",");
        if (sc.base.includes(theirs) && rc.base.includes(ours)) {
          sc.base = sc.base.replace(theirs, ours);
          found.add("2 label list/object");
        }
      }
    }
  }
  // 11: a wildcard body type is sent as JSON's (rule 25).
  const types = Object.keys(c.operation.requestBody?.content ?? {});
  if (
    types.length > 0 && types.every((type) => type.split(";")[0].trim().endsWith("/*")) &&
    rc.headers["content-type"] === "application/json" &&
    sc.headers["content-type"] === types[0]
  ) {
    sc.headers["content-type"] = rc.headers["content-type"];
    found.add("11 wildcard body type");
  }
  // 12: rule 7's empty body for PUT and PATCH, which fetch sends with content-length: 0.
  if (
    (rc.method === "put" || rc.method === "patch") && rc.body === "" && sc.body === undefined
  ) {
    delete rc.body;
    found.add("12 empty PUT body");
  }
  // 14: an empty list or object in a header parameter is left out.
  for (const p of c.operation.parameters) {
    const value = values[p.name];
    const name = p.name.toLowerCase();
    if (
      p.in === "header" && value !== null && typeof value === "object" &&
      Object.keys(value).length === 0 && !(name in rc.headers) && sc.headers[name] === ""
    ) {
      delete sc.headers[name];
      found.add("14 empty header value");
    }
  }
  // 4: the cookie header, checked against the OpenAPI form rather than swagger-client's.
  if (rc.headers.cookie !== sc.headers.cookie) {
    const expected = expectedCookie(c);
    if (expected !== undefined && rc.headers.cookie === expected) {
      sc.headers.cookie = rc.headers.cookie;
      found.add("4 cookies");
    }
  }
  return [...found];
}

export type Outcome =
  | { kind: "equal" }
  | { kind: "explained"; differences: Difference[] }
  | { kind: "bug"; routecast: Built | string; swagger: Built | string; note: string };

/** Whether routecast's TypeError is difference 10 for this case. */
function refusedPathValue(c: Case, error: unknown): boolean {
  if (!(error instanceof TypeError)) return false;
  return c.operation.parameters.some((p) => {
    if (p.in !== "path") return false;
    const value = c.generated.parameters[p.name];
    // Rule 19 counts an empty list or object as missing, like RFC 6570's undefined.
    const refused = value === "." || value === ".." || value == null ||
      (typeof value === "object" && Object.keys(value).length === 0);
    return refused && error.message.includes(`"${p.name}"`);
  });
}

/**
 * Compares routecast's request (or its error) with swagger-client's for one case.
 * `routecast` is the result of calling the builder, or what it threw.
 */
export function compare(
  c: Case,
  routecast: { ok: true; request: Json } | { ok: false; error: unknown },
): Outcome {
  let swagger: Json;
  let swaggerError: unknown;
  try {
    swagger = buildWithSwagger(c);
  } catch (error) {
    swaggerError = error;
  }
  if (!routecast.ok) {
    if (refusedPathValue(c, routecast.error)) {
      return { kind: "explained", differences: ["10 refused path value"] };
    }
    return {
      kind: "bug",
      routecast: `throws ${routecast.error}`,
      swagger: swaggerError ? `throws ${swaggerError}` : reduce(c, swagger),
      note: "routecast throws",
    };
  }
  const rc = reduce(c, routecast.request);
  const sc0 = swaggerError ? undefined : reduce(c, swagger);
  if (sc0 && equalBuilt(rc, sc0)) return { kind: "equal" };

  // Input-side differences: swagger-client again, on the input as routecast reads it
  // (this also covers swagger-client throwing on such an input, e.g. a null form field).
  const differences: Difference[] = [];
  let sc = sc0;
  const input = applicableInputDifferences(c);
  const attempt = (which: Difference[]) => {
    try {
      const request = unrename(
        buildWithSwagger(c, swaggerInputAsRoutecastReadsIt(c, new Set(which))),
      );
      return reduce(c, { ...request, url: request.url.replaceAll(EMPTY_PATH_VALUE, "") });
    } catch {
      return undefined;
    }
  };
  if (input.length > 0) {
    // Each counts when undoing it alone changes swagger-client's request.
    for (const difference of input) {
      const alone = attempt([difference]);
      if (alone === undefined ? sc0 !== undefined : sc0 === undefined || !equalBuilt(alone, sc0)) {
        differences.push(difference);
      }
    }
    sc = attempt(input);
  }
  if (sc === undefined) {
    return {
      kind: "bug",
      routecast: rc,
      swagger: `throws ${swaggerError}`,
      note: "swagger-client throws",
    };
  }
  const rcCopy: Built = { ...rc, query: [...rc.query], headers: { ...rc.headers } };
  const scCopy: Built = { ...sc, query: [...sc.query], headers: { ...sc.headers } };
  differences.push(...undoOutputDifferences(c, rcCopy, scCopy));
  if (equalBuilt(rcCopy, scCopy) && differences.length > 0) {
    return { kind: "explained", differences };
  }
  return {
    kind: "bug",
    routecast: rc,
    swagger: sc0 ?? `throws ${swaggerError}`,
    note: differences.length > 0 ? `left after undoing ${differences.join(", ")}` : "",
  };
}

/** The kind of a parameter's value as generated, for reports. */
export function describeParameter(document: Json, p: Parameter): string {
  const type = p.content ? "content" : schemaType(document, p.schema) ?? "?";
  return `${p.in} ${type}${p.style ? ` style=${p.style}` : ""}${
    p.explode !== undefined ? ` explode=${p.explode}` : ""
  }${p.allowReserved ? " allowReserved" : ""}`;
}
