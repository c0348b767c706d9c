/**
 * Builders: an `endpoint` function bound to its defaults, with `defaults`,
 * `DEFAULTS`, `merge` and `parse` (spec section 4).
 *
 * `endpoint(route, options)` is `parse(merge(route, options))`; for the
 * common call (a route string, no `method`/`url`/`baseUrl`/`mediaType`
 * option, simple defaults) a builder takes a fast path that gathers the same
 * inputs without building the merged object. tests/endpoint_fast_path_test.ts
 * checks that both paths agree.
 *
 * @module
 */

import { BoundedCache } from "../_cache.ts";
import type {
  Endpoint,
  EndpointDefaults,
  EndpointOptions,
  MergedOptions,
  RequestOptions,
  ResponseHeaders,
} from "./types.ts";
import { checkMethod, mergeOptions } from "./_merge.ts";
import {
  baseUrlPrefix,
  buildRequest,
  checkRequest,
  createParse,
  expandUrl,
  finishRequest,
  queryString,
  type RequestPlan,
  simplePair,
} from "./_parse.ts";
import {
  compileUrl,
  NAMED_OPTIONS,
  routeFromString,
  type UrlEngines,
  type UrlTemplate,
} from "./_route.ts";
import { mergeHeaders } from "./_headers.ts";
import { copyPlain, isPlainObject, quoteValue, setOwn } from "./_objects.ts";
import { VERSION } from "../_version.ts";

/** The global defaults (spec 2.3, DECISIONS.md names). */
export const GLOBAL_DEFAULTS: EndpointDefaults = copyPlain({
  method: "GET",
  baseUrl: "https://api.github.com",
  headers: {
    accept: "application/vnd.github.v3+json",
    "user-agent": `routecast/${VERSION}`,
  },
  mediaType: { format: "" },
}, true);

type Parse = (options: unknown) => RequestOptions;
type UrlCache = (url: string) => UrlTemplate;

const NO_OPTIONS: Record<string, unknown> = Object.freeze({});

/** A route resolved against one builder's defaults. */
interface RoutePlan extends RequestPlan {
  /** The default parameters that are not url variables, in order: query or body. */
  readonly defaultRemaining: readonly string[];
  /** Whether the url's variables are all default parameters. */
  readonly urlFromDefaults: boolean;
  /** Whether parameters go to the query (GET, HEAD) rather than the body. */
  readonly query: boolean;
  /** GET/HEAD: the url and query the defaults alone give, made on first use. */
  defaultUrl?: string;
  defaultQuery?: string;
}

/** Whether `given` holds a value (not undefined) for any of `names`. */
function givesAny(given: Record<string, unknown>, names: readonly string[]): boolean {
  for (let i = 0; i < names.length; i++) if (given[names[i]] !== undefined) return true;
  return false;
}

/**
 * Returns the fast `endpoint(route, options)` for `defaults`, or `undefined`
 * when the defaults need the general path (media type amendments, default
 * `request` or `data`, object-valued default parameters).
 */
function createFastPath(
  defaults: EndpointDefaults,
  urls: UrlCache,
  slow: (route: unknown, options: unknown) => RequestOptions,
): ((route: unknown, options?: unknown) => RequestOptions) | undefined {
  const mediaType = defaults.mediaType;
  if (mediaType.format !== "" || (mediaType.previews?.length ?? 0) > 0) return undefined;
  const defaultParameters: string[] = [];
  for (const key of Object.keys(defaults)) {
    if (key === "request" || key === "data") return undefined;
    if (NAMED_OPTIONS.has(key)) continue;
    const value = defaults[key];
    if (typeof value === "object" && value !== null) return undefined;
    defaultParameters.push(key);
  }
  const defaultNames = new Set(defaultParameters);
  const defaultValues: Record<string, unknown> = {};
  for (const key of defaultParameters) setOwn(defaultValues, key, defaults[key]);
  const hasDefaultParameters = defaultParameters.length > 0;
  const defaultHeaders = defaults.headers;
  const baseUrl = defaults.baseUrl;
  const base = baseUrlPrefix(baseUrl);
  const plans = new BoundedCache((route): RoutePlan => {
    const parts = routeFromString(route);
    const method = parts.method ?? defaults.method;
    checkMethod(method);
    const upper = method.toUpperCase();
    const compiled = urls(parts.url);
    return {
      defaultRemaining: defaultParameters.filter((key) => !compiled.variables.has(key)),
      urlFromDefaults: [...compiled.variables].every((name) => defaultNames.has(name)),
      method,
      query: upper === "GET" || upper === "HEAD",
      upper,
      lower: method.toLowerCase(),
      url: parts.url,
      compiled,
      baseUrl,
      base,
      format: "",
      previews: [],
    };
  });

  return function endpoint(route: unknown, options?: unknown): RequestOptions {
    if (typeof route !== "string") return slow(route, options);
    let given = NO_OPTIONS;
    if (options !== undefined && options !== null) {
      if (!isPlainObject(options)) return slow(route, options);
      given = options;
    }
    const plan = plans.get(route);
    const compiled = plan.compiled;
    if (compiled.usesOptionName) return slow(route, options);
    let callHeaders: unknown;
    let data: unknown;
    let request: unknown;
    const keys = Object.keys(given);
    const variables = compiled.variables;
    let remaining: string[] = [];
    // GET or HEAD where the call overrides nothing the default parameters
    // decide: their url and query are the same every call, made once.
    const fromDefaults = hasDefaultParameters && plan.query && plan.urlFromDefaults &&
      !givesAny(given, compiled.template.variableNames) && !givesAny(given, plan.defaultRemaining);
    // Then, or without default parameters, the call's string and number
    // parameters go straight into the query or the body, in order, until a
    // value needs the general path (which can throw, so it runs after the url).
    const direct = !hasDefaultParameters || fromDefaults;
    const toQuery = plan.query;
    let query = "";
    let json: Record<string, unknown> | undefined;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      switch (key) {
        case "headers":
          callHeaders = given.headers;
          continue;
        case "data":
          data = given.data;
          continue;
        case "request":
          request = given.request;
          continue;
        case "method":
        case "url":
        case "baseUrl":
        case "mediaType":
          if (given[key] !== undefined) return slow(route, options);
          continue;
      }
      const value = given[key];
      if (
        value === undefined || variables.has(key) ||
        (hasDefaultParameters && defaultNames.has(key))
      ) {
        continue;
      }
      if (direct && remaining.length === 0) {
        if (!toQuery) {
          json ??= {};
          if (key === "__proto__") setOwn(json, key, value);
          else json[key] = value;
          continue;
        }
        const pair = simplePair(key, value);
        if (pair !== undefined) {
          query = query === "" ? pair : query + "&" + pair;
          continue;
        }
      }
      remaining.push(key);
    }
    checkRequest(request);
    let headers: ResponseHeaders;
    if (callHeaders === undefined || callHeaders === null) {
      headers = { ...defaultHeaders };
    } else {
      headers = mergeHeaders(defaultHeaders, callHeaders);
    }
    if (fromDefaults) {
      const url = plan.defaultUrl ??= expandUrl(plan, defaultValues);
      const defaultQuery = plan.defaultQuery ??= queryString(defaultValues, plan.defaultRemaining);
      if (defaultQuery !== "") query = query === "" ? defaultQuery : defaultQuery + "&" + query;
      return finishRequest(plan, url, headers, given, remaining, data, request, query);
    }
    let parameters = given;
    if (hasDefaultParameters) {
      // As in merge(): default parameters first, in their order, then the call's;
      // a value given as undefined keeps the default. Spread defines own data
      // properties, so a "__proto__" key stays a parameter.
      parameters = { ...defaultValues, ...given };
      for (const key of keys) {
        if (given[key] === undefined && defaultNames.has(key)) {
          setOwn(parameters, key, defaultValues[key]);
        }
      }
      remaining = plan.defaultRemaining.concat(remaining);
    }
    if (direct) {
      const url = expandUrl(plan, given);
      return finishRequest(plan, url, headers, given, remaining, data, request, query, json);
    }
    return buildRequest(plan, headers, parameters, remaining, data, request);
  };
}

function withDefaults(
  parse: Parse,
  urls: UrlCache,
  base: EndpointDefaults,
  options: unknown,
): Endpoint {
  if (!isPlainObject(options)) {
    throw new TypeError(
      `Invalid defaults ${quoteValue(options)}: expected a plain object of options and parameters`,
    );
  }
  const DEFAULTS = mergeOptions(base, options, undefined, true) as EndpointDefaults;
  const slow = (route: unknown, routeOptions?: unknown) =>
    parse(mergeOptions(DEFAULTS, route, routeOptions));
  // The fast path is made on the first call: a builder made and never used costs less.
  let call: ((route: unknown, options?: unknown) => RequestOptions) | undefined;
  const endpoint =
    ((route: unknown, routeOptions?: unknown) =>
      (call ??= createFastPath(DEFAULTS, urls, slow) ?? slow)(route, routeOptions)) as Endpoint;
  return Object.assign(endpoint, {
    DEFAULTS,
    defaults: (next: EndpointOptions) => withDefaults(parse, urls, DEFAULTS, next),
    merge: ((route: unknown, routeOptions?: unknown): MergedOptions =>
      mergeOptions(DEFAULTS, route, routeOptions)) as Endpoint["merge"],
    parse: parse as Endpoint["parse"],
  });
}

/**
 * Creates the root builder over the url template engines, so that the main
 * entry and `./lite` (TypeScript engine only) share everything else.
 *
 * @param engines Compile (and cache) url templates for short and long values.
 * @returns The root `endpoint` with the global defaults.
 */
export function createEndpoint(engines: UrlEngines): Endpoint {
  const cache = new BoundedCache((url) => compileUrl(url, engines));
  const urls = (url: string) => cache.get(url);
  return withDefaults(createParse(urls), urls, GLOBAL_DEFAULTS, {});
}
