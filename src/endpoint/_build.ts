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
import { keyLabel, optionSlot } from "./_options.ts";
import { concatenate, expandUrl, type UrlValue, urlValue } from "./_url.ts";
import { encodeNumber, encodeText } from "../uri_template/kit.ts";

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
 * Expands the plan's url with the call's values over the defaults' (each
 * read once), checks required path variables, and puts the base in front.
 *
 * @throws {TypeError} For a missing path variable or a value the checks refuse.
 */
/**
 * `list[i]` of a sparse array the call fills by index: a hole is undefined,
 * never what `Object.prototype` holds at that index (docs/design.md rule 14).
 */
export function ownAt(list: readonly unknown[], i: number): unknown {
  return Object.hasOwn(list, i) ? list[i] : undefined;
}

/**
 * The call's values (by index into `names`) over the defaults' (by the same
 * index), each as `merge()` gives it: what a declared operation writes
 * (docs/design.md rules 14 and 25).
 */
export function valuesOverDefaults(
  defaults: readonly unknown[],
  values: readonly unknown[],
  names: readonly string[],
): unknown[] {
  const merged: unknown[] = [];
  for (let i = 0; i < names.length; i++) {
    const fallback = ownAt(defaults, i);
    merged.push(
      fallback === undefined ? ownAt(values, i) : over(fallback, ownAt(values, i), names[i], false),
    );
  }
  return merged;
}

function buildUrl(plan: Plan, raw: unknown[], baseUrl: unknown): string {
  const url = plan.url;
  const names = url.names;
  // Read once into `raw` itself (the call's own array): what the url expands.
  const values = raw as UrlValue[];
  for (let i = 0; i < names.length; i++) {
    const fallback = plan.urlDefaults[i];
    values[i] = urlValue(
      names[i],
      fallback === undefined ? ownAt(raw, i) : over(fallback, ownAt(raw, i), names[i], false),
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

/** Appends `pair` (maybe `""`) to a query. */
function joinPair(query: string, pair: string): string {
  return pair === "" ? query : query === "" ? pair : query + "&" + pair;
}

/**
 * What a key of a call's options is to a plan: a url variable's index when
 * `>= 0`; a named option's `-1 - optionSlot(key)` down to `Request`.
 */
const enum Kind {
  /** `method` or `url`: the plan's route. */
  Route = -1,
  /** The last named option (`request`). */
  Request = -6,
  /** A parameter the plan's operation declares (rule 25). */
  Declared = -7,
  /** A remaining parameter the defaults do not have. */
  Rest = -8,
  /** `Override - i`: a remaining parameter over the defaults' `restDefaults[i]`. */
  Override = -9,
}

/**
 * The kinds of a call's option keys for a plan: calls repeat their keys, so
 * the last ones are kept.
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
  /** Whether a key is `method` or `url`, and the route (a plan of its own after a route string). */
  readonly moves: boolean;
  /** How many keys at the end of `keys` are read from merged options' carrier. */
  readonly carried: number;
  readonly shadowed: ReadonlySet<string> | undefined;
}

/**
 * The kinds of `keys` (a call's own option keys, in order) for `plan`.
 *
 * @param shadowed The names that are parameters even where they are named
 * like options: those the operation the call names declares (rule 25).
 * @param route Whether `method` and `url` are the route all the same (beside
 * no route string).
 * @param carried How many keys at the end of `keys` come from merged
 * options' `DECLARED_PARAMETERS`: parameters, whatever their names.
 */
export function keyKinds(
  plan: Plan,
  keys: readonly string[],
  shadowed: ReadonlySet<string> | undefined,
  route: boolean,
  carried = 0,
): KeyKinds {
  const last = plan.last;
  // `route` needs no check: a plan meets one set of names with one `route`
  // only (its own operation's beside no route string, a route's it moved
  // from after one), and without a set, `route` changes nothing.
  if (
    last !== undefined && last.keys.length === keys.length && last.shadowed === shadowed &&
    last.carried === carried
  ) {
    let i = 0;
    while (i < keys.length && keys[i] === last.keys[i]) i++;
    if (i === keys.length) return last;
  }
  const operation = plan.operation;
  const kinds: number[] = [];
  const details: (string | readonly number[] | undefined)[] = [];
  let moves = false;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    const parameter = i >= keys.length - carried ||
      (shadowed?.has(key) === true && !(route && (key === "method" || key === "url")));
    const slot = parameter ? undefined : optionSlot(key);
    const declared = operation?.byName.get(key);
    const rest = plan.restIndex.get(key);
    const kind = slot !== undefined
      ? -1 - slot
      : declared !== undefined
      ? Kind.Declared
      : plan.url.index.get(key) ?? (rest === undefined ? Kind.Rest : Kind.Override - rest);
    moves ||= kind === Kind.Route;
    kinds.push(kind);
    details.push(
      kind === Kind.Declared
        ? declared
        : kind === Kind.Rest && plan.query
        ? plan.flavour.prefix(key)
        : undefined,
    );
  }
  return plan.last = { keys, kinds, details, moves, carried, shadowed };
}

/**
 * Builds request options from a plan and a call's options (own keys only,
 * each read once), whose keys are of `kinds`.
 *
 * @param carrier Merged options' `DECLARED_PARAMETERS`, which the
 * last `carried` keys are read from.
 * @throws {TypeError} For an invalid option, header, value, a missing path
 * variable, a value the path checks refuse, or `data` on GET/HEAD.
 * @throws {UriTemplateError} For a prefix modifier on a list or map.
 */
export function build(
  plan: Plan,
  given: Record<string, unknown>,
  { keys, kinds, details, carried }: KeyKinds,
  carrier?: Record<string, unknown>,
): RequestOptions {
  const url = plan.url;
  const operation = plan.operation;
  const write = plan.flavour.query;
  const restDefaults = plan.restDefaults;
  /** The named options, by `optionSlot()`. */
  let options: unknown[] | undefined;
  const raw: unknown[] = [];
  /** The call's values for the operation's declared parameters, by index. */
  let declared: unknown[] | undefined;
  /** The call's values for the defaults' other parameters, by index. */
  let overrides: unknown[] | undefined;
  /** The call's other parameters, as `name, value, name, value...`. */
  let rest: unknown[] | undefined;
  /**
   * Without default parameters to put first, the body's members and the
   * query's pairs are made as the keys are read; the query's only as far
   * as its values cannot throw, which they may do after the url's checks.
   */
  let members: Record<string, unknown> | undefined;
  let query = "";
  const fromGiven = keys.length - carried;
  for (let i = 0; i < keys.length; i++) {
    const kind = kinds[i];
    if (kind === Kind.Route) continue;
    const key = keys[i];
    const value = i < fromGiven ? given[key] : carrier![key];
    if (kind >= 0) {
      if (value !== undefined) raw[kind] = value;
    } else if (kind > Kind.Declared) {
      (options ??= new Array(-Kind.Request).fill(undefined))[-1 - kind] = value;
    } else if (value === undefined) {
      continue;
    } else if (kind === Kind.Declared) {
      for (const index of details[i] as readonly number[]) (declared ??= [])[index] = value;
      const variable = url.index.get(key);
      if (variable !== undefined) raw[variable] = value;
    } else if (kind !== Kind.Rest) {
      (overrides ??= new Array(restDefaults.length).fill(undefined))[Kind.Override - kind] = value;
    } else if (restDefaults.length > 0) {
      (rest ??= []).push(key, value);
    } else if (!plan.query) {
      setOwn(members ??= {}, key, value);
    } else if (
      rest === undefined && (typeof value === "string" || typeof value === "number")
    ) {
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
  }
  const baseUrl = options?.[1];
  const callHeaders = options?.[2];
  const mediaType = options?.[3];
  let data = options?.[4];
  const request = options?.[5];
  if (
    request !== undefined &&
    (typeof request !== "object" || request === null || Array.isArray(request))
  ) {
    throw new TypeError(`Invalid request ${quoteValue(request)}: expected an object`);
  }
  const headers: Headers = callHeaders === undefined || callHeaders === null
    ? { ...(plan.query && operation === undefined ? plan.plainHeaders : plan.headers) }
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
  // same every call: built once, then kept in the plan. A url of `{name}`
  // expressions is concatenated when the call's values allow.
  let target: string;
  const path = baseUrl === undefined && url.literals !== undefined
    ? concatenate(url, raw)
    : undefined;
  if (path !== undefined) {
    target = (plan.base ??= basePrefix(plan.baseUrl, plan.route)) + path;
  } else if (raw.length === 0 && baseUrl === undefined && plan.constant) {
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

  if (operation !== undefined) {
    query = joinPair(operation.write(declared ?? [], plan, headers), query);
  }
  if (data === undefined && plan.data !== undefined) {
    data = copyPlain(plan.data, false, keyLabel("data"));
  }
  // The other parameters: the defaults' first, in their order, then the call's.
  let body: unknown;
  if (plan.query) {
    if (data !== undefined) {
      throw new TypeError(
        `Invalid option data for ${plan.upper} ${
          quoteValue(url.url)
        }: ${plan.upper} requests have no body, expected query parameters as options`,
      );
    }
    if (restDefaults.length > 0 && overrides === undefined && plan.constant) {
      query = joinPair(query, plan.defaultQuery ??= restQuery(plan, undefined));
    } else if (restDefaults.length > 0) {
      query = joinPair(query, restQuery(plan, overrides));
    }
    for (let i = 0; rest !== undefined && i < rest.length; i += 2) {
      query = joinPair(query, write(rest[i] as string, rest[i + 1]));
    }
  } else {
    if (data === undefined && (rest !== undefined || restDefaults.length > 0)) {
      members = {};
      for (let i = 0; i < restDefaults.length; i++) {
        const [name, fallback] = restDefaults[i];
        setOwn(members, name, over(fallback, overrides?.[i], name, true));
      }
      for (let i = 0; rest !== undefined && i < rest.length; i += 2) {
        setOwn(members, rest[i] as string, rest[i + 1]);
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

/** The query pairs of the defaults' other parameters, with the call's values over them. */
function restQuery(plan: Plan, overrides: readonly unknown[] | undefined): string {
  let query = "";
  for (let i = 0; i < plan.restDefaults.length; i++) {
    const [name, fallback] = plan.restDefaults[i];
    query = joinPair(query, plan.flavour.query(name, over(fallback, overrides?.[i], name, false)));
  }
  return query;
}
