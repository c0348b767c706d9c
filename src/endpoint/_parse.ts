/**
 * `parse`: turns merged options into request options (spec 2.2, DECISIONS.md
 * rules 1-13). Stateless.
 *
 * @module
 */

import type { RequestOptions, ResponseHeaders } from "./types.ts";
import { mergeHeaders } from "./_headers.ts";
import { amendAccept, readMediaType } from "./_media_type.ts";
import { isPlainObject, memoizeNames, quoteValue, setOwn } from "./_objects.ts";
import {
  checkPathSafety,
  expandSimple,
  hasLongValues,
  NAMED_OPTIONS,
  schemePrefixLength,
  type UrlTemplate,
} from "./_route.ts";
import { checkMethod } from "./_merge.ts";
import { encodeNumber, encodeText } from "../uri_template/_encode.ts";
import { expandJoined } from "../uri_template/_ts_engine.ts";
import { Operator } from "../uri_template/_syntax.ts";
import { normalizeValue } from "../uri_template/_values.ts";

/** The content type of a JSON body that routecast builds. */
export const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

/** Returns the compiled form of a url (cached by the caller). */
export type UrlCompiler = (url: string) => UrlTemplate;

/**
 * `baseUrl` without its trailing `/` characters, or `undefined` when it is
 * not an absolute URL (which is an error only if a path url needs it).
 */
export function baseUrlPrefix(baseUrl: unknown): string | undefined {
  if (typeof baseUrl !== "string" || schemePrefixLength(baseUrl) === 0) return undefined;
  let end = baseUrl.length;
  while (end > 0 && baseUrl.charCodeAt(end - 1) === 0x2f) end--;
  return baseUrl.slice(0, end);
}

/**
 * Joins a base prefix and a path url, with a `/` between when the url has
 * none (`leadingSlash` tells without reading the url, when the template knows).
 *
 * @throws {TypeError} When `base` is undefined because `baseUrl` is not absolute.
 */
function joinBaseUrl(
  base: string | undefined,
  baseUrl: unknown,
  url: string,
  leadingSlash: boolean | undefined,
): string {
  if (base === undefined) {
    throw new TypeError(
      `Invalid baseUrl ${
        quoteValue(baseUrl)
      }: expected an absolute URL such as "https://api.github.com"`,
    );
  }
  return (leadingSlash ?? url.charCodeAt(0) === 0x2f) ? base + url : base + "/" + url;
}

/**
 * The `name=value` query pair for a string or number value, as `{?name}`
 * expands it (`q` keeps its `+` separators); `undefined` for other values.
 */
export function simplePair(name: string, value: unknown): string | undefined {
  if (typeof value === "string") {
    if (name === "q") {
      return "q=" + value.split("+").map((piece) => encodeText(piece, false)).join("+");
    }
    return nameEquals(name) + encodeText(value, false);
  }
  if (typeof value === "number") return nameEquals(name) + encodeNumber(value);
  return undefined;
}

/** `name`, percent-encoded, then `=`; kept for the names seen lately. */
const nameEquals = memoizeNames((name) => encodeText(name, false) + "=");

/** One `name=value` query pair, as `{?name}` expands it; `undefined` for an undefined value. */
function queryPair(name: string, value: unknown): string | undefined {
  const simple = simplePair(name, value);
  if (simple !== undefined) return simple;
  const normalized = normalizeValue(name, value);
  if (normalized === undefined) return undefined;
  const encodedName = encodeText(name, false);
  if (typeof normalized === "string") return encodedName + "=" + encodeText(normalized, false);
  return expandJoined(encodedName, normalized, Operator.Query);
}

/**
 * Appends an encoded `query` before any fragment, with `?` or `&` (`plain`:
 * the url is known to hold neither `?` nor `#`).
 */
function appendQuery(url: string, query: string, plain: boolean): string {
  if (plain) return url + "?" + query;
  const hash = url.indexOf("#");
  const head = hash < 0 ? url : url.slice(0, hash);
  const joined = head + (head.includes("?") ? "&" : "?") + query;
  return hash < 0 ? joined : joined + url.slice(hash);
}

/** What a route resolves to: the same for every call of a route through one builder. */
export interface RequestPlan {
  /** The method as given. */
  readonly method: string;
  /** The method upper-cased, for decisions. */
  readonly upper: string;
  /** The method lower-cased, as the result carries it. */
  readonly lower: string;
  /** The url as written, for error messages. */
  readonly url: string;
  /** The compiled url. */
  readonly compiled: UrlTemplate;
  /** The base URL for a url that is a path. */
  readonly baseUrl: unknown;
  /** `baseUrl` without trailing `/`, or `undefined` when it is not absolute. */
  readonly base: string | undefined;
  /** `mediaType.format` ("" for none). */
  readonly format: string;
  /** `mediaType.previews`, names without `-preview`. */
  readonly previews: readonly string[];
}

/**
 * Builds request options: expands the url, routes the remaining parameters
 * to the query or the body, amends `accept`, adds the JSON content type.
 *
 * @throws {TypeError} For a value that cannot be expanded or forms a dot-segment, or data on GET/HEAD.
 * @throws {UriTemplateError} For a prefix modifier on a list or map.
 */
export function buildRequest(
  plan: RequestPlan,
  headers: ResponseHeaders,
  parameters: Record<string, unknown>,
  remaining: string[],
  data: unknown,
  request: unknown,
): RequestOptions {
  const url = expandUrl(plan, parameters);
  return finishRequest(plan, url, headers, parameters, remaining, data, request, "");
}

/**
 * Expands a route's url with `parameters`, refuses dot-segments, and puts
 * `baseUrl` in front of a path.
 *
 * @throws {TypeError} For a value that cannot be expanded or forms a dot-segment.
 * @throws {UriTemplateError} For a prefix modifier on a list or map.
 */
export function expandUrl(plan: RequestPlan, parameters: Record<string, unknown>): string {
  const compiled = plan.compiled;
  const literals = compiled.literals;
  if (literals !== undefined) {
    const simple = expandSimple(compiled, literals, parameters);
    if (simple !== undefined) {
      return compiled.full
        ? simple
        : joinBaseUrl(plan.base, plan.baseUrl, simple, compiled.leadingSlash);
    }
  }
  const template = compiled.long !== undefined && hasLongValues(compiled, parameters)
    ? compiled.long()
    : compiled.template;
  const expanded = template.expand(parameters);
  if (compiled.pathVariables.length > 0) checkPathSafety(compiled, parameters, expanded);
  return compiled.full
    ? expanded
    : joinBaseUrl(plan.base, plan.baseUrl, expanded, compiled.leadingSlash);
}

/**
 * The encoded `name=value` pairs of `names` (those with a value), joined by
 * `&`, as a query string without its `?`.
 */
export function queryString(parameters: Record<string, unknown>, names: readonly string[]): string {
  let query = "";
  for (const name of names) {
    const pair = queryPair(name, parameters[name]);
    if (pair !== undefined) query += (query === "" ? "" : "&") + pair;
  }
  return query;
}

/**
 * Builds request options around an expanded `url`: routes the remaining
 * parameters to the query (after `query`, pairs already encoded) or the
 * body (after the members of `json`, when given), amends `accept`, adds the
 * JSON content type.
 *
 * @throws {TypeError} For data on GET/HEAD or a query value that cannot be expanded.
 */
export function finishRequest(
  plan: RequestPlan,
  url: string,
  headers: ResponseHeaders,
  parameters: Record<string, unknown>,
  remaining: readonly string[],
  data: unknown,
  request: unknown,
  query: string,
  json?: Record<string, unknown>,
): RequestOptions {
  const upper = plan.upper;
  let body: unknown;
  if (upper === "GET" || upper === "HEAD") {
    if (data !== undefined) {
      throw new TypeError(
        `Invalid option data for ${upper} ${
          quoteValue(plan.url)
        }: ${upper} requests have no body, expected query parameters as options`,
      );
    }
    const rest = remaining.length > 0 ? queryString(parameters, remaining) : "";
    const all = query === "" ? rest : rest === "" ? query : query + "&" + rest;
    if (all !== "") url = appendQuery(url, all, plan.compiled.plainQuery);
  } else if (data !== undefined) {
    body = data;
  } else if (remaining.length > 0 || json !== undefined) {
    const members = json ?? {};
    for (let i = 0; i < remaining.length; i++) {
      setOwn(members, remaining[i], parameters[remaining[i]]);
    }
    body = members;
  }
  if (plan.format !== "" || plan.previews.length > 0) {
    const accept = headers.accept;
    const amended = amendAccept(
      accept === undefined ? undefined : String(accept),
      plan.format,
      plan.previews,
    );
    if (amended !== undefined) headers.accept = amended;
  }
  if (body !== undefined && headers["content-type"] === undefined) {
    headers["content-type"] = JSON_CONTENT_TYPE;
  }
  if (body === undefined && (upper === "PUT" || upper === "PATCH")) body = "";
  const result: RequestOptions = { method: plan.lower, url, headers };
  if (body !== undefined) result.body = body;
  if (request !== undefined) result.request = request as RequestOptions["request"];
  return result;
}

/**
 * Checks the `request` option: absent, or an object.
 *
 * @throws {TypeError} When it is something else.
 */
export function checkRequest(request: unknown): void {
  if (
    request !== undefined &&
    (typeof request !== "object" || request === null || Array.isArray(request))
  ) {
    throw new TypeError(`Invalid request ${quoteValue(request)}: expected an object`);
  }
}

/**
 * Creates `parse` over a url compiler (which picks the template engine).
 *
 * @param compileUrl Compiles and caches route urls.
 * @returns The `parse` function.
 */
export function createParse(compileUrl: UrlCompiler): (options: unknown) => RequestOptions {
  return function parse(options: unknown): RequestOptions {
    if (!isPlainObject(options)) {
      throw new TypeError(
        `Invalid options ${quoteValue(options)}: expected a plain object with method and url`,
      );
    }
    const method = options.method ?? "GET";
    checkMethod(method);
    const url = options.url;
    if (typeof url !== "string" || url === "") {
      throw new TypeError(
        `Missing url: expected a route such as "GET /repos/{owner}/{repo}" or a url option, found ${
          quoteValue(url)
        }`,
      );
    }
    const headers = mergeHeaders({}, options.headers);
    const mediaType = readMediaType(options.mediaType);
    const format = mediaType.format ?? "";
    const previews = mediaType.previews ?? [];
    checkRequest(options.request);
    const compiled = compileUrl(url);
    let parameters: Record<string, unknown> = options;
    if (compiled.usesOptionName) {
      parameters = {};
      for (const key of Object.keys(options)) {
        if (!NAMED_OPTIONS.has(key)) setOwn(parameters, key, options[key]);
      }
    }
    const remaining: string[] = [];
    for (const key of Object.keys(options)) {
      if (!NAMED_OPTIONS.has(key) && !compiled.variables.has(key) && options[key] !== undefined) {
        remaining.push(key);
      }
    }
    const plan: RequestPlan = {
      method,
      upper: method.toUpperCase(),
      lower: method.toLowerCase(),
      url,
      compiled,
      baseUrl: options.baseUrl,
      base: baseUrlPrefix(options.baseUrl),
      format,
      previews,
    };
    const data = Object.hasOwn(options, "data") ? options.data : undefined;
    return buildRequest(plan, headers, parameters, remaining, data, options.request);
  };
}
