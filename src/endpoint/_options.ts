/**
 * The named options: the keys of {@linkcode EndpointOptions} that are never
 * parameters. One registry, checked by the compiler against the interface.
 *
 * @module
 */

import type { EndpointOptions } from "./types.ts";
import { memoizeNames, quoteValue } from "./_objects.ts";

/** The declared keys of `T`, without its index signature. */
type DeclaredKeys<T> = keyof {
  [K in keyof T as string extends K ? never : number extends K ? never : K]: true;
};

/** A named option of `endpoint()`: `method`, `url`, `baseUrl`, `headers`, `mediaType`, `data`, `request`. */
export type NamedOption = DeclaredKeys<EndpointOptions>;

// Every declared option must be listed, and nothing else: the compiler checks
// both. The numbers are where a build keeps each (`method` and `url` are the
// plan's route).
const NAMED_OPTIONS: { readonly [K in NamedOption]-?: number } = {
  method: 0,
  url: 0,
  baseUrl: 1,
  headers: 2,
  mediaType: 3,
  data: 4,
  request: 5,
};

/** Whether `key` is a named option rather than a parameter. */
export function isNamedOption(key: string): key is NamedOption {
  return Object.hasOwn(NAMED_OPTIONS, key);
}

/** Where a build keeps the named option `key` (0 for `method` and `url`); `undefined` for a parameter. */
export function optionSlot(key: string): number | undefined {
  return isNamedOption(key) ? NAMED_OPTIONS[key] : undefined;
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
