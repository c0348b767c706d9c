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
import { concatenate, expandUrl, type UrlValue, urlValue } from "./_url.ts";
import { encodeNumber, encodeText } from "../uri_template/_encode.ts";

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
 * Checks the `request` option, when given: an object.
 *
 * @throws {TypeError} When it is something else.
 */
function checkRequest(request: unknown): void {
  if (typeof request !== "object" || request === null || Array.isArray(request)) {
    throw new TypeError(`Invalid request ${quoteValue(request)}: expected an object`);
  }
}

/**
 * Expands the plan's url with the call's values over the defaults' (each
 * read once), checks required path variables, and puts the base in front.
 *
 * @throws {TypeError} For a missing path variable or a value the checks refuse.
 */
function buildUrl(plan: Plan, raw: unknown[], baseUrl: unknown): string {
  const url = plan.url;
  const names = url.names;
  // Read once into `raw` itself (the call's own array): what the url expands.
  const values = raw as UrlValue[];
  for (let i = 0; i < names.length; i++) {
    const fallback = plan.urlDefaults[i];
    values[i] = urlValue(
      names[i],
      fallback === undefined ? raw[i] : over(fallback, raw[i], names[i], false),
    );
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

/** What a key of a call's options is to a plan (a url variable's index when `>= 0`). */
const enum Kind {
  /** `method` or `url`: already in the plan. */
  Skip = -1,
  Headers = -2,
  MediaType = -3,
  Request = -4,
  Data = -5,
  BaseUrl = -6,
  /** A parameter the plan's operation declares (rule 25). */
  Declared = -7,
  /** A remaining parameter the defaults do not have. */
  Rest = -8,
  /** `Override - i`: a remaining parameter over the defaults' `restDefaults[i]`. */
  Override = -9,
}

const OPTION_KINDS: Record<string, Kind> = {
  __proto__: null,
  method: Kind.Skip,
  url: Kind.Skip,
  headers: Kind.Headers,
  mediaType: Kind.MediaType,
  request: Kind.Request,
  data: Kind.Data,
  baseUrl: Kind.BaseUrl,
} as unknown as Record<string, Kind>;

/**
 * The kinds of a call's option keys for a plan: calls repeat their keys, so
 * the last ones are kept. (A plan is reached from route strings only, or
 * from options only, so its calls agree on `fromRoute`.)
 */
export interface KeyKinds {
  readonly keys: readonly string[];
  readonly kinds: readonly number[];
  /**
   * For a remaining GET or HEAD parameter, what the query writes before a
   * string or number; for a declared one, its indexes among the operation's
   * parameters.
   */
  readonly details: readonly (string | readonly number[] | undefined)[];
  /** Whether a route string's options name their own `method` or `url` (a plan of their own). */
  readonly moves: boolean;
}

/**
 * The kinds of `keys` (a call's own option keys, in order) for `plan`.
 * `fromRoute`: the call named its route as a string, so a declared
 * operation's parameters `method` and `url` are parameters.
 */
export function keyKinds(plan: Plan, keys: readonly string[], fromRoute: boolean): KeyKinds {
  const last = plan.last;
  if (last !== undefined && last.keys.length === keys.length) {
    let i = 0;
    while (i < keys.length && keys[i] === last.keys[i]) i++;
    if (i === keys.length) return last;
  }
  const operation = plan.operation;
  const shadowed = operation?.shadowed;
  const kinds: number[] = [];
  const details: (string | readonly number[] | undefined)[] = [];
  let moves = false;
  for (const key of keys) {
    // An operation's own parameter or body field named like an option is that
    // parameter; but `method` and `url` beside no route string are the route.
    let kind = shadowed === undefined || !shadowed.has(key) ||
        (!fromRoute && (key === "method" || key === "url"))
      ? OPTION_KINDS[key]
      : undefined;
    if (kind === Kind.Skip && fromRoute) moves = true;
    if (kind === undefined) {
      const index = plan.restIndex.get(key);
      kind = operation?.byName.has(key)
        ? Kind.Declared
        : plan.url.index.get(key) ?? (index === undefined ? Kind.Rest : Kind.Override - index);
    }
    kinds.push(kind);
    details.push(
      kind === Kind.Declared
        ? operation!.byName.get(key)
        : kind === Kind.Rest && plan.query
        ? plan.flavour.prefix(key)
        : undefined,
    );
  }
  return plan.last = { keys, kinds, details, moves };
}

/**
 * Builds request options from a plan and a call's options (own keys only,
 * each read once), whose keys are of `kinds`.
 *
 * @throws {TypeError} For an invalid option, header, value, a missing path
 * variable, a value the path checks refuse, or `data` on GET/HEAD.
 * @throws {UriTemplateError} For a prefix modifier on a list or map.
 */
export function build(
  plan: Plan,
  given: Record<string, unknown>,
  { keys, kinds, details }: KeyKinds,
): RequestOptions {
  const url = plan.url;
  const operation = plan.operation;
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
  /** The call's query pairs, when the plan has no default parameters to put first. */
  let query = "";
  const write = plan.flavour.query;
  const now = plan.restDefaults.length === 0;
  for (let i = 0; i < keys.length; i++) {
    const kind = kinds[i];
    if (kind === Kind.Skip) continue;
    const key = keys[i];
    const value = given[key];
    if (kind >= 0) {
      if (value !== undefined) raw[kind] = value;
    } else if (kind === Kind.Rest) {
      if (value === undefined) continue;
      if (!now) {
        (rest ??= []).push(key, value);
      } else if (!plan.query) {
        // Without default parameters, a body is the call's parameters in order: made here.
        setOwn(direct ??= {}, key, value);
      } else if (
        rest === undefined && (typeof value === "string" || typeof value === "number")
      ) {
        // And so is a query, as far as its values cannot throw: before the url's checks.
        const prefix = details[i] as string | undefined;
        query = joinPair(
          query,
          prefix === undefined
            ? write(key, value)
            : prefix + (typeof value === "string" ? encodeText(value, false) : encodeNumber(value)),
        );
      } else {
        (rest ??= []).push(key, value);
      }
    } else if (kind === Kind.Headers) {
      callHeaders = value;
    } else if (kind === Kind.MediaType) {
      mediaType = value;
    } else if (kind === Kind.Request) {
      request = value;
    } else if (kind === Kind.Data) {
      data = value;
    } else if (kind === Kind.BaseUrl) {
      baseUrl = value;
    } else if (value === undefined) {
      continue;
    } else if (kind === Kind.Declared) {
      for (const index of details[i] as readonly number[]) (declared ??= [])[index] = value;
      const variable = url.index.get(key);
      if (variable !== undefined) raw[variable] = value;
    } else {
      (overrides ??= [])[Kind.Override - kind] = value;
    }
  }
  if (request !== undefined) checkRequest(request);
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
    const path = baseUrl === undefined && url.literals !== undefined
      ? concatenate(url, raw)
      : undefined;
    target = path === undefined
      ? buildUrl(plan, raw, baseUrl)
      : (plan.base ??= basePrefix(plan.baseUrl, plan.route)) + path;
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

  if (operation !== undefined) {
    query = joinPair(operation.write(declared ?? NO_VALUES, plan, headers), query);
  }

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
    if (!now) {
      query = joinPair(
        query,
        overrides === undefined && plan.constant
          ? plan.defaultQuery ??= defaultsQuery(plan, undefined)
          : defaultsQuery(plan, overrides),
      );
    }
    if (rest !== undefined) {
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
  if (query !== "") target = url.plainQuery ? target + "?" + query : appendQuery(target, query);

  const result: RequestOptions = { method: plan.resultMethod, url: target, headers };
  if (body !== undefined) result.body = body;
  if (plan.request !== undefined) {
    result.request = over(plan.request, request, "request", true) as RequestOptions["request"];
  } else if (request !== undefined) {
    result.request = request as RequestOptions["request"];
  }
  return result;
}
