/**
 * Builders: an `endpoint` function bound to its defaults, with `defaults`,
 * `DEFAULTS`, `merge` and `parse` (spec section 4). Every call plans its
 * route once per builder and builds through the one build function, so
 * `endpoint(options)` is `parse(merge(options))` by construction.
 *
 * @module
 */

import { BoundedCache } from "../_cache.ts";
import type { Endpoint, EndpointDefaults, MergedOptions, RequestOptions } from "./types.ts";
import { build } from "./_build.ts";
import { mergeOptions } from "./_merge.ts";
import { copyPlain, invalid, isPlainObject, own, quoteValue } from "./_objects.ts";
import { checkOptionsCall, OPTIONS_EXPECTED, routeOptions } from "./_arguments.ts";
import { checkMethod, compilePlan, type Plan, type PlanContext } from "./_plan.ts";
export { ROUTECAST } from "./_plan.ts";
import { routeFromString } from "./_route.ts";
import { VERSION } from "../_version.ts";

export type { Flavour, PlanContext } from "./_plan.ts";

/** The global defaults (spec 2.3, DECISIONS.md names). */
export const GLOBAL_DEFAULTS: EndpointDefaults = copyPlain(
  {
    method: "GET",
    baseUrl: "https://api.github.com",
    headers: {
      accept: "application/vnd.github.v3+json",
      "user-agent": `routecast/${VERSION}`,
    },
    mediaType: { format: "" },
  },
  true,
  "defaults",
);

const NO_OPTIONS: Record<string, unknown> = Object.freeze({});
const NO_DEFAULTS: Partial<EndpointDefaults> = Object.freeze({});

/** The url of options, own only, else `fallback`. */
function urlOf(options: Record<string, unknown>, fallback: unknown): string {
  return urlFrom(own(options, "url") ?? fallback);
}

/**
 * Checks a url is a non-empty string.
 *
 * @throws {TypeError} When it is not.
 */
function urlFrom(url: unknown): string {
  if (typeof url !== "string" || url === "") {
    throw new TypeError(
      `Missing url: expected a route such as "GET /repos/{owner}/{repo}" or a url option, found ${
        quoteValue(url)
      }`,
    );
  }
  return url;
}

/**
 * Plans for one set of defaults: by route string, and by method and url
 * (for options objects), each in a bounded cache.
 */
function planner(defaults: Partial<EndpointDefaults>, context: PlanContext) {
  const byRoute = new BoundedCache((route): Plan => {
    const parts = routeFromString(route);
    return compilePlan(defaults, parts.method ?? defaults.method, parts.url, context);
  });
  const byUrl = new BoundedCache((key): Plan => {
    const space = key.indexOf(" ");
    return compilePlan(defaults, key.slice(0, space), key.slice(space + 1), context);
  });
  return {
    route: (route: string) => byRoute.get(route),
    url(method: unknown, url: string): Plan {
      // A method is a token, without spaces, so the key splits back unambiguously.
      checkMethod(method);
      return byUrl.get(method + " " + url);
    },
  };
}

function withDefaults(
  DEFAULTS: EndpointDefaults,
  context: PlanContext,
  parse: Endpoint["parse"],
): Endpoint {
  let plans: ReturnType<typeof planner> | undefined; // made on first call
  const endpoint = (route?: unknown, options?: unknown): RequestOptions => {
    plans ??= planner(DEFAULTS, context);
    if (typeof route === "string") {
      const given = routeOptions(options) ?? NO_OPTIONS;
      // Options that name their own method or url override the route's, as in merge();
      // each is read once, and only as an own property.
      const givenMethod = own(given, "method");
      const givenUrl = own(given, "url");
      if (givenMethod === undefined && givenUrl === undefined) {
        return build(plans.route(route), given);
      }
      const parts = routeFromString(route);
      return build(
        plans.url(givenMethod ?? parts.method ?? DEFAULTS.method, urlFrom(givenUrl ?? parts.url)),
        given,
      );
    }
    if (route === undefined && options === undefined) route = NO_OPTIONS;
    checkOptionsCall(route, options);
    const method = own(route, "method") ?? DEFAULTS.method;
    return build(plans.url(method, urlOf(route, own(DEFAULTS, "url"))), route);
  };
  return Object.assign(endpoint as Endpoint, {
    DEFAULTS,
    defaults: (options: unknown) => {
      if (!isPlainObject(options)) throw invalid("defaults", options, OPTIONS_EXPECTED);
      return withDefaults(mergeOptions(DEFAULTS, options, undefined, true), context, parse);
    },
    merge: ((route?: unknown, options?: unknown): MergedOptions =>
      mergeOptions(DEFAULTS, route, options)) as Endpoint["merge"],
    parse,
  });
}

/**
 * Creates the root builder over a template facade and a flavour, so that the
 * main entry, `./lite` and `./octokit` share everything else.
 *
 * @param context How urls compile, and the flavour's departures from DECISIONS.md.
 * @returns The root `endpoint` with the global defaults.
 */
export function createEndpoint(context: PlanContext): Endpoint {
  let plans: ReturnType<typeof planner> | undefined;
  // parse() has no defaults: everything comes from the merged options it is given.
  const parse = (options: unknown): RequestOptions => {
    if (!isPlainObject(options)) {
      throw invalid("options", options, "expected a plain object with method and url");
    }
    plans ??= planner(NO_DEFAULTS, context);
    return build(plans.url(own(options, "method") ?? "GET", urlOf(options, undefined)), options);
  };
  return withDefaults(GLOBAL_DEFAULTS, context, parse as Endpoint["parse"]);
}
