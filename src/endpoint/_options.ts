/**
 * The named options: the keys of `EndpointOptions` that are never
 * parameters. The one list (the compiler checks it against the interface,
 * in _builder.ts; the types of typed routes and the CLI derive from it), and
 * the one decision whether a key of a call's options is a named option or a
 * parameter (docs/design.md rule 25).
 *
 * @module
 */

import { memoizeNames } from "../_cache.ts";
import { quoteValue } from "./_messages.ts";

/**
 * What a key of a call's options is to a plan, as `build()` sorts the
 * call's values. Numbers, so that the sorting is a `switch`; named, so that
 * it reads.
 */
export const Role = {
  /** A url variable of the plan's template. */
  UrlVariable: 0,
  /** `method` or `url`: the plan's route, read before the plan is chosen. */
  Route: 1,
  /** The `baseUrl` option. */
  BaseUrl: 2,
  /** The `headers` option. */
  Headers: 3,
  /** The `mediaType` option. */
  MediaType: 4,
  /** The `data` option. */
  Data: 5,
  /** The `request` option. */
  Request: 6,
  /** A parameter the plan's operation declares (rule 25). */
  Declared: 7,
  /** A remaining parameter the defaults do not have. */
  Rest: 8,
  /** A remaining parameter over one of the defaults' other parameters. */
  Override: 9,
} as const;

/** One of {@linkcode Role}'s values. */
export type Role = typeof Role[keyof typeof Role];

/** Every named option, with the role its key has in a call. */
const NAMED_OPTIONS = {
  method: Role.Route,
  url: Role.Route,
  baseUrl: Role.BaseUrl,
  headers: Role.Headers,
  mediaType: Role.MediaType,
  data: Role.Data,
  request: Role.Request,
} as const;

/** A named option of `endpoint()`: `method`, `url`, `baseUrl`, `headers`, `mediaType`, `data`, `request`. */
export type NamedOption = keyof typeof NAMED_OPTIONS;

/** The names of the named options, in the order `EndpointOptions` documents them. */
export const OPTION_NAMES: readonly NamedOption[] = Object.freeze(
  Object.keys(NAMED_OPTIONS) as NamedOption[],
);

/** Whether `key` is a named option's name (whether or not a call uses it as a parameter). */
export function isNamedOption(key: string): key is NamedOption {
  return Object.hasOwn(NAMED_OPTIONS, key);
}

/** The role of the named option `key`. */
export function optionRole(key: NamedOption): Role {
  return NAMED_OPTIONS[key];
}

/**
 * Whether `key` of a call's options is the named option rather than a
 * parameter: a declared operation's parameter named like an option is the
 * parameter (rule 25, `shadowed`), except `method` and `url` where the
 * options themselves name the route (`route`: no route string), where they
 * are the route all the same. `endpoint()`, `merge()` and `parse()` all
 * decide here.
 *
 * @param shadowed The named options that the call's operation declares as
 * its parameters, if any.
 */
export function isOptionKey(
  key: string,
  shadowed: ReadonlySet<string> | undefined,
  route: boolean,
): key is NamedOption {
  return isNamedOption(key) &&
    (shadowed?.has(key) !== true || (route && (key === "method" || key === "url")));
}

/**
 * The key under which `merge()` carries the declared parameters of a
 * `fromOpenAPI` operation that are named like options (docs/any-api.md,
 * "Names that are also options"): the merged options are flat, and there
 * the option keeps its name. A symbol, so no parameter name can be it and
 * spread and `Object.assign` copy it; registered, so every copy of the
 * package reads it.
 */
export const DECLARED_PARAMETERS: unique symbol = Symbol.for("routecast.declaredParameters");

/**
 * Labels of the parameters named lately: `merge()` labels every key it
 * copies, in case the copy fails, and quoting is far dearer than a lookup.
 */
const parameterLabels = memoizeNames((key) => `parameter ${quoteValue(key)}`);

/** How an error message names the option or parameter `key` (`option request`, `parameter "x"`). */
export function keyLabel(key: string): string {
  return isNamedOption(key) ? `option ${key}` : parameterLabels(key);
}
