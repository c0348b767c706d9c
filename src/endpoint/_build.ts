/**
 * The one build function: a plan plus a call's options gives the request
 * options (spec 2.2, DECISIONS.md rules 1-13, 19, 22). `endpoint(route,
 * options)`, `endpoint(options)`, `parse(merged)` and every builder made by
 * `defaults()` come here; the call's options merge over the plan's defaults
 * exactly as `merge()` would merge them.
 *
 * @module
 */

import type { RequestOptions } from "./types.ts";
import { checkHeaderValue, type Headers, mergeHeaders } from "./_headers.ts";
import { amendAccept, readMediaType } from "./_media_type.ts";
import { copyPlain, isPlainObject, mergeValue, own, quoteValue, setOwn } from "./_objects.ts";
import { basePrefix, type Plan } from "./_plan.ts";
import { appendQuery } from "./_query.ts";
import { JSON_CONTENT_TYPE, requestBody } from "./_body.ts";
import { keyLabel } from "./_options.ts";
import { expandUrl, type UrlValue, urlValue } from "./_url.ts";

/**
 * A call's value over a default, as `merge()` gives it: plain objects merge
 * deeply, else the call's value wins; the default (deep-frozen) is shared
 * unless `thaw`, which copies it for a result the caller may change.
 */
export function over(
  defaultValue: unknown,
  value: unknown,
  name: string,
  thaw: boolean,
): unknown {
  const copies = typeof defaultValue === "object" && defaultValue !== null;
  if (value === undefined) {
    return thaw && copies
      ? copyPlain(defaultValue, false, keyLabel(name), name === "request")
      : defaultValue;
  }
  if (!copies || !isPlainObject(value) || !isPlainObject(defaultValue)) return value;
  // `request` holds the caller's own objects, which may be cyclic; parameters are data.
  return mergeValue(defaultValue, value, false, keyLabel(name), name === "request");
}

/**
 * Checks the `request` option: absent, or an object.
 *
 * @throws {TypeError} When it is something else.
 */
function checkRequest(request: unknown): void {
  if (
    request !== undefined &&
    (typeof request !== "object" || request === null || Array.isArray(request))
  ) {
    throw new TypeError(`Invalid request ${quoteValue(request)}: expected an object`);
  }
}

/**
 * Expands the plan's url with the call's values over the defaults' (each
 * read once), checks required path variables, and puts the base in front.
 *
 * @throws {TypeError} For a missing path variable or a value the checks refuse.
 */
function buildUrl(plan: Plan, raw: readonly unknown[], baseUrl: unknown): string {
  const url = plan.url;
  const names = url.names;
  const values: UrlValue[] = [];
  for (let i = 0; i < names.length; i++) {
    const value = raw[i];
    const fallback = plan.urlDefaults[i];
    values.push(urlValue(
      names[i],
      fallback === undefined ? value : over(fallback, value, names[i], false),
    ));
  }
  if (plan.flavour.requirePathVariables) {
    for (const variable of url.required) {
      if (values[variable] === undefined) {
        throw new TypeError(
          `Missing parameter ${quoteValue(names[variable])} for ${
            quoteValue(plan.route)
          }: expected a value for every {name} in the path`,
        );
      }
    }
  }
  const expanded = expandUrl(url, values);
  if (url.full) return expanded;
  const base = baseUrl === undefined
    ? plan.base ??= basePrefix(plan.baseUrl, plan.route)
    : basePrefix(baseUrl, plan.route);
  return (url.leadingSlash ?? expanded.charCodeAt(0) === 0x2f)
    ? base + expanded
    : base + "/" + expanded;
}

const NO_VALUES: readonly unknown[] = [];

/** Appends `pair` (maybe `""`) to a query. */
function joinPair(query: string, pair: string): string {
  return pair === "" ? query : query === "" ? pair : query + "&" + pair;
}

/** The query pairs of the defaults' other parameters, with the call's values over them. */
function defaultsQuery(plan: Plan, overrides: readonly unknown[] | undefined): string {
  let query = "";
  const restDefaults = plan.restDefaults;
  const write = plan.flavour.query;
  for (let i = 0; i < restDefaults.length; i++) {
    const [name, fallback] = restDefaults[i];
    query = joinPair(query, write(name, over(fallback, overrides?.[i], name, false)));
  }
  return query;
}

/**
 * Builds request options from a plan and a call's options (own keys only,
 * each read once). `fromRoute`: the call named its route as a string, so a
 * declared operation's parameters `method` and `url` are parameters.
 *
 * @throws {TypeError} For an invalid option, header, value, a missing path
 * variable, a value the path checks refuse, or `data` on GET/HEAD.
 * @throws {UriTemplateError} For a prefix modifier on a list or map.
 */
export function build(
  plan: Plan,
  given: Record<string, unknown>,
  fromRoute = false,
): RequestOptions {
  const url = plan.url;
  const operation = plan.operation;
  const shadowed = operation?.shadowed;
  let callHeaders: unknown;
  let mediaType: unknown;
  let request: unknown;
  let data: unknown;
  let baseUrl: unknown;
  const raw: unknown[] = [];
  /** The call's values for the operation's declared parameters, by index. */
  let declared: unknown[] | undefined;
  /** The call's values for the defaults' other parameters, by index. */
  let overrides: unknown[] | undefined;
  /** The call's other parameters, as `name, value, name, value...`. */
  let rest: unknown[] | undefined;
  /** The JSON body members, when the plan has no default parameters to put first. */
  let direct: Record<string, unknown> | undefined;
  const keys = Object.keys(given);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    // An operation's own parameter or body field named like an option is that
    // parameter; but `method` and `url` beside no route string are the route.
    const option = shadowed === undefined || !shadowed.has(key) ||
        (!fromRoute && (key === "method" || key === "url"))
      ? key
      : "";
    switch (option) {
      case "headers":
        callHeaders = given.headers;
        continue;
      case "mediaType":
        mediaType = given.mediaType;
        continue;
      case "request":
        request = given.request;
        continue;
      case "data":
        data = given.data;
        continue;
      case "baseUrl":
        baseUrl = given.baseUrl;
        continue;
      case "method":
      case "url":
        continue; // already in the plan
    }
    const value = given[key];
    if (value === undefined) continue;
    const variable = url.index.get(key);
    if (operation !== undefined) {
      const indexes = operation.byName.get(key);
      if (indexes !== undefined) {
        for (const index of indexes) (declared ??= [])[index] = value;
        if (variable === undefined) continue;
      }
    }
    if (variable !== undefined) {
      raw[variable] = value;
      continue;
    }
    if (plan.restDefaults.length === 0) {
      // Without default parameters, a body is the call's parameters in order: made here.
      if (plan.query) (rest ??= []).push(key, value);
      else setOwn(direct ??= {}, key, value);
      continue;
    }
    const index = plan.restIndex.get(key);
    if (index !== undefined) (overrides ??= [])[index] = value;
    else (rest ??= []).push(key, value);
  }
  checkRequest(request);
  const headers: Headers = callHeaders === undefined || callHeaders === null
    ? { ...plan.headers }
    : mergeHeaders(plan.headers, callHeaders);

  let format = plan.format;
  let previews = plan.previews;
  if (mediaType !== undefined && mediaType !== null) {
    const read = readMediaType(mediaType, plan.flavour.previews === "refused");
    if (read.format !== undefined) format = read.format;
    if (read.previews !== undefined && read.previews.length > 0) {
      previews = [...new Set([...previews, ...read.previews])];
    }
  }

  operation?.pathValues?.(raw, plan);

  // When the defaults alone fill the url (plain values, frozen), it is the
  // same every call: built once, then kept in the plan.
  let target: string;
  if (raw.length === 0 && baseUrl === undefined && plan.constant) {
    target = plan.target ??= buildUrl(plan, raw, undefined);
  } else {
    target = buildUrl(plan, raw, baseUrl);
  }

  if (plan.flavour.previews === "graphql" && !target.endsWith("/graphql")) previews = [];
  if (format !== "" || previews.length > 0) {
    const accept = own(headers, "accept");
    const amended = amendAccept(
      accept === undefined ? undefined : String(accept),
      format,
      previews,
    );
    if (amended !== undefined) {
      // Made of checked parts, and checked again as every header is.
      checkHeaderValue("accept", amended);
      headers.accept = amended;
    }
  }

  let query = operation === undefined ? "" : operation.write(declared ?? NO_VALUES, plan, headers);

  // The other parameters: the defaults' first, in their order, then the call's.
  const restDefaults = plan.restDefaults;
  if (data === undefined && plan.data !== undefined) {
    data = copyPlain(plan.data, false, keyLabel("data"));
  }
  let body: unknown;
  if (plan.query) {
    if (data !== undefined) {
      throw new TypeError(
        `Invalid option data for ${plan.upper} ${
          quoteValue(url.url)
        }: ${plan.upper} requests have no body, expected query parameters as options`,
      );
    }
    const defaultsPart = overrides === undefined && plan.constant
      ? plan.defaultQuery ??= defaultsQuery(plan, undefined)
      : defaultsQuery(plan, overrides);
    query = joinPair(query, defaultsPart);
    if (rest !== undefined) {
      const write = plan.flavour.query;
      for (let i = 0; i < rest.length; i += 2) {
        query = joinPair(query, write(rest[i] as string, rest[i + 1]));
      }
    }
  } else {
    let members = direct;
    if (data === undefined && (restDefaults.length > 0 || rest !== undefined)) {
      members = {};
      for (let i = 0; i < restDefaults.length; i++) {
        const [name, fallback] = restDefaults[i];
        setOwn(members, name, over(fallback, overrides?.[i], name, true));
      }
      if (rest !== undefined) {
        for (let i = 0; i < rest.length; i += 2) setOwn(members, rest[i] as string, rest[i + 1]);
      }
    }
    if (data === undefined && members !== undefined && operation?.body !== undefined) {
      data = operation.body(members, plan.route);
      if (data !== undefined) members = undefined;
    }
    body = requestBody(
      plan.upper,
      data,
      members,
      headers,
      operation?.contentType ?? JSON_CONTENT_TYPE,
    );
  }
  if (query !== "") target = appendQuery(target, query, url.plainQuery);

  const result: RequestOptions = { method: plan.resultMethod, url: target, headers };
  if (body !== undefined) result.body = body;
  if (plan.request !== undefined) {
    result.request = over(plan.request, request, "request", true) as RequestOptions["request"];
  } else if (request !== undefined) {
    result.request = request as RequestOptions["request"];
  }
  return result;
}
