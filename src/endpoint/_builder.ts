/**
 * Builders: an `endpoint` function bound to its defaults, with `defaults`,
 * `DEFAULTS`, `merge` and `parse` (docs/design.md rule 14). Every call plans its
 * route once per builder and builds through the one build function, so
 * `endpoint(options)` is `parse(merge(options))` by construction.
 *
 * @module
 */

import { BoundedCache, PairCache } from "../_cache.ts";
import type {
  Endpoint,
  EndpointDefaults,
  EndpointOptions,
  MergedOptions,
  RequestOptions,
} from "./types.ts";
import { build } from "./_build.ts";
import { type MergeContext, mergeOptions } from "./_merge.ts";
import { copyPlain } from "./_copy.ts";
import { showDefaults } from "./_defaults_view.ts";
import { invalid, quoteValue } from "./_messages.ts";
import { isPlainObject, own } from "./_own.ts";
import { checkOptionsCall, OPTIONS_EXPECTED, routeOptions } from "./_arguments.ts";
import { DECLARED_PARAMETERS, isNamedOption, isOptionKey, type NamedOption } from "./_options.ts";
import {
  checkMethod,
  compilePlan,
  type KeyRoles,
  keyRoles,
  type Plan,
  type PlanContext,
} from "./_plan.ts";
import type { Flavour } from "./_flavour.ts";
import type { DeclaredOperations } from "./_operation_plan.ts";
import { type ListForm, type ObjectForm, queryStyle } from "./_query.ts";
import { routeFromString } from "./_route.ts";
import { VERSION } from "../version.ts";

export { ROUTECAST } from "./_flavour.ts";
export type { Flavour } from "./_flavour.ts";
export type { PlanContext } from "./_plan.ts";

/** The declared keys of `T`, without its index signature. */
type DeclaredKeys<T> = keyof {
  [K in keyof T as string extends K ? never : number extends K ? never : K]: true;
};
/** `true` when `A` and `B` are the same set of keys. */
type SameKeys<A, B> = [A] extends [B] ? [B] extends [A] ? true : false : false;
// The one list of named options (_options.ts) is exactly EndpointOptions' declared
// keys: the compiler checks both ways.
const _OPTIONS_LISTED: SameKeys<NamedOption, DeclaredKeys<EndpointOptions>> = true;

/** The global defaults (docs/design.md, "Names and defaults"). */
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

/**
 * Builds from options that are not after a route string: their `method` and
 * `url` are the route, and the other names the plan's operation declares are
 * its parameters (rule 25).
 */
function buildFor(plan: Plan, given: Record<string, unknown>): RequestOptions {
  return build(plan, given, keyRoles(plan, Object.keys(given), plan.operation?.shadowed, true));
}
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
  // compilePlan checks the method.
  const byUrl = new PairCache((method, url): Plan => compilePlan(defaults, method, url, context));
  return {
    route: (route: string) => byRoute.get(route),
    url(method: unknown, url: string): Plan {
      if (typeof method !== "string") checkMethod(method);
      return byUrl.get(method as string, url);
    },
  };
}

/**
 * A builder over `store`, its deep-frozen defaults: the only copy its calls
 * read, never handed out (`DEFAULTS` shows a view of it, rule 14).
 */
function withDefaults(
  store: EndpointDefaults,
  context: PlanContext,
  parse: Endpoint["parse"],
): Endpoint {
  let plans: ReturnType<typeof planner> | undefined; // made on first call
  const declared = context.declared;
  // defaults() sets options by every name: only merge() carries declared parameters apart.
  const defaulting: MergeContext = { noPreviews: context.flavour.previews === "refused" };
  // merge() asks for the same route again and again: the answers are kept.
  const shadowed = declared === undefined
    ? undefined
    : new PairCache((method, url) => declared.shadowed(method, url));
  const merging: MergeContext = {
    ...defaulting,
    shadowed: shadowed === undefined ? undefined : (method, url) => shadowed.get(method, url),
  };
  /**
   * `endpoint(route, given)` when `given` names `method` or `url`: options
   * that name their own method or url override the route's, as in merge(),
   * unless the route's operation declares them as parameters (then they are
   * not `moves`); each is read once, and only as an own property.
   */
  const moved = (route: string, plan: Plan, given: Record<string, unknown>, roles: KeyRoles) => {
    const shadowed = plan.operation?.shadowed;
    const givenMethod = isOptionKey("method", shadowed, false) ? own(given, "method") : undefined;
    const givenUrl = isOptionKey("url", shadowed, false) ? own(given, "url") : undefined;
    if (givenMethod === undefined && givenUrl === undefined) return build(plan, given, roles);
    const parts = routeFromString(route);
    const to = plans!.url(
      givenMethod ?? parts.method ?? store.method,
      urlFrom(givenUrl ?? parts.url),
    );
    // The route's declared parameters stay parameters on the plan moved to.
    return build(to, given, keyRoles(to, Object.keys(given), shadowed, false));
  };
  /** `endpoint(options)`: its `method` and `url` are the route. */
  const fromOptions = (route: unknown, options: unknown) => {
    if (route === undefined && options === undefined) route = NO_OPTIONS;
    checkOptionsCall(route, options);
    const method = own(route, "method") ?? store.method;
    return buildFor(plans!.url(method, urlOf(route, own(store, "url"))), route);
  };
  // Small, with the rarer paths apart, so that V8 inlines it into its callers.
  const endpoint = (route?: unknown, options?: unknown): RequestOptions => {
    plans ??= planner(store, context);
    if (typeof route !== "string") return fromOptions(route, options);
    const given = routeOptions(options) ?? NO_OPTIONS;
    const plan = plans.route(route);
    // The parameters the route's operation declares under options' names.
    const roles = keyRoles(plan, Object.keys(given), plan.operation?.shadowed, false);
    return roles.moves ? moved(route, plan, given, roles) : build(plan, given, roles);
  };
  let plainOnly = false; // the store holds only frozen plain data: shown as it is
  Object.defineProperty(endpoint, "DEFAULTS", {
    __proto__: null, // a polluted Object.prototype.value or .writable is never read (docs/design.md rule 14)
    enumerable: true,
    get(): EndpointDefaults {
      if (plainOnly) return store;
      const view = showDefaults(store);
      plainOnly = view === store;
      return view;
    },
  } as PropertyDescriptor);
  return Object.assign(endpoint as Endpoint, {
    defaults: (options: unknown) => {
      if (!isPlainObject(options)) throw invalid("defaults", options, OPTIONS_EXPECTED);
      return withDefaults(
        mergeOptions(store, options, undefined, true, defaulting),
        context,
        parse,
      );
    },
    merge: ((route?: unknown, options?: unknown): MergedOptions =>
      mergeOptions(store, route, options, false, merging)) as Endpoint["merge"],
    parse,
  });
}

/**
 * Merged options' own `DECLARED_PARAMETERS`: a plain object of parameters,
 * read after the top-level keys, or `undefined`.
 *
 * @throws {TypeError} For anything else there, or a parameter that is a
 * top-level key too (unless named like an option, which is the option there).
 */
function carriedParameters(options: Record<string, unknown>): Record<string, unknown> | undefined {
  if (!Object.hasOwn(options, DECLARED_PARAMETERS)) return undefined;
  const carrier = (options as Record<symbol, unknown>)[DECLARED_PARAMETERS];
  if (carrier === undefined) return undefined;
  if (!isPlainObject(carrier)) {
    throw invalid(
      "declared parameters",
      carrier,
      "expected a plain object of parameters, as merge() gives it",
    );
  }
  for (const key of Object.keys(carrier)) {
    if (!isNamedOption(key) && Object.hasOwn(options, key)) {
      throw new TypeError(
        `Invalid declared parameter ${
          quoteValue(key)
        }: it is a top-level key of the options too, expected each parameter once`,
      );
    }
  }
  return carrier;
}

/**
 * Creates a root builder over a template facade, a flavour and its root
 * defaults, so that the main entry, `./lite`, `./octokit`, `createEndpoint`
 * and `fromOpenAPI` share everything else.
 *
 * @param context How urls compile, the flavour's departures from docs/design.md,
 * and the declared operations of an OpenAPI description, if any.
 * @param defaults The root defaults: GitHub's for `endpoint`, none but the
 * method for the neutral builder (deep-frozen).
 * @returns The root builder.
 */
export function makeEndpoint(
  context: PlanContext,
  defaults: EndpointDefaults = GLOBAL_DEFAULTS,
): Endpoint {
  let plans: ReturnType<typeof planner> | undefined;
  const declared = context.declared !== undefined;
  // parse() has no defaults: everything comes from the merged options it is given.
  const parse = (options: unknown): RequestOptions => {
    if (!isPlainObject(options)) {
      throw invalid("options", options, "expected a plain object with method and url");
    }
    plans ??= planner(NO_DEFAULTS, context);
    const plan = plans.url(own(options, "method") ?? "GET", urlOf(options, undefined));
    // Every top-level name is the option (the defaults' headers stay headers);
    // declared parameters named like options come apart, as merge() carries them.
    const carrier = declared ? carriedParameters(options) : undefined;
    const keys = Object.keys(options);
    if (carrier === undefined) return build(plan, options, keyRoles(plan, keys, undefined, true));
    const carried = Object.keys(carrier);
    return build(
      plan,
      options,
      keyRoles(plan, [...keys, ...carried], undefined, true, carried.length),
      carrier,
    );
  };
  return withDefaults(defaults, context, parse as Endpoint["parse"]);
}

/**
 * `createEndpoint()`'s second argument (rule 24): how the whole builder
 * writes lists and plain objects in the query. No request option changes it.
 *
 * @example
 * ```ts
 * import { createEndpoint, type EndpointConfig } from "@routecast/endpoint";
 * import { assertEquals } from "@std/assert";
 *
 * const config: EndpointConfig = { lists: "pipe", objects: "explode" };
 * const api = createEndpoint({ baseUrl: "https://api.example.com" }, config);
 * assertEquals(
 *   api("GET /items", { id: [1, 2], filter: { status: "open" } }).url,
 *   "https://api.example.com/items?id=1|2&status=open",
 * );
 * ```
 */
export interface EndpointConfig {
  /**
   * How a list parameter is written in the query: `"repeat"` (`id=a&id=b`,
   * OpenAPI's default), `"comma"` (`id=a,b`), `"pipe"` (`id=a|b`) or
   * `"space"` (`id=a%20b`).
   *
   * @default {"repeat"}
   */
  readonly lists?: "repeat" | "comma" | "pipe" | "space";
  /**
   * How a plain-object parameter is written in the query: `"deepObject"`
   * (`filter[status]=open`, percent-encoded, OpenAPI's deepObject),
   * `"explode"` (`status=open`) or `"comma"` (`filter=status,open`).
   *
   * @default {"deepObject"}
   */
  readonly objects?: "deepObject" | "explode" | "comma";
}

const CONFIG_FORMS: { readonly [K in keyof EndpointConfig]-?: readonly string[] } = {
  lists: ["repeat", "comma", "pipe", "space"],
  objects: ["deepObject", "explode", "comma"],
};

/**
 * The flavour of a neutral builder for `config`.
 *
 * @throws {TypeError} For a config that is not a plain object, an unknown
 * key, or a form that is not one of the listed ones.
 */
export function neutralFlavour(config: unknown): Flavour {
  if (config !== undefined && !isPlainObject(config)) {
    throw invalid("config", config, 'expected an object such as { lists: "comma" }');
  }
  const given: Record<string, unknown> = config ?? {};
  for (const key of Object.keys(given)) {
    if (!Object.hasOwn(CONFIG_FORMS, key)) {
      throw new TypeError(
        `Invalid config key ${quoteValue(key)}: expected "lists" or "objects"`,
      );
    }
  }
  const form = <K extends keyof EndpointConfig>(key: K, fallback: string) => {
    const value = own(given, key) ?? fallback;
    const allowed = CONFIG_FORMS[key];
    if (typeof value !== "string" || !allowed.includes(value)) {
      throw invalid(
        `config.${key}`,
        value,
        `expected ${allowed.slice(0, -1).map((name) => `"${name}"`).join(", ")} or "${
          allowed.at(-1)
        }"`,
      );
    }
    return value as NonNullable<EndpointConfig[K]>;
  };
  return {
    upperCaseMethod: false,
    previews: "refused",
    requirePathVariables: true,
    query: queryStyle({
      lists: form("lists", "repeat") as ListForm,
      objects: form("objects", "deepObject") as ObjectForm,
      reserved: false,
    }),
  };
}

/**
 * The neutral builder (rule 24) over a template facade: no defaults but
 * `defaults`, query forms by `config`, and the declared operations of an
 * OpenAPI description when `declared` is given (rule 25).
 *
 * @throws {TypeError} For invalid defaults or config.
 */
export function neutralEndpoint(
  compile: PlanContext["compile"],
  defaults: unknown,
  config: unknown,
  declared?: DeclaredOperations,
): Endpoint {
  const context: PlanContext = { compile, flavour: neutralFlavour(config), declared };
  // The root defaults: the method, and nothing of GitHub's.
  const root = makeEndpoint(
    context,
    copyPlain({ method: "GET", headers: {}, mediaType: { format: "" } }, true, "defaults"),
  );
  return defaults === undefined ? root : root.defaults(defaults as EndpointDefaults);
}
