/**
 * The merge rules, in one place: `merge()`, which applies a builder's
 * defaults to a route and options without parsing (docs/design.md rules 10,
 * 12, 13, 14, 21), and the same rules for one value (`over`), which a build
 * applies to the call's values over the plan's defaults. Nothing the caller
 * passes is changed.
 *
 * @module
 */

import type { EndpointDefaults, MergedOptions } from "./types.ts";
import { mergeHeaders } from "./_headers.ts";
import { Copier, copyPlain, MAX_DEPTH, tooDeep } from "./_copy.ts";
import { defineOwn, isPlainObject, own, setOwn } from "./_own.ts";
import { checkOptionsCall, routeOptions } from "./_arguments.ts";
import { readMediaType } from "./_media_type.ts";
import { checkMethod } from "./_plan.ts";
import { DECLARED_PARAMETERS, isNamedOption, isOptionKey, keyLabel } from "./_options.ts";
import { routeFromString } from "./_route.ts";
import { BoundedCache } from "../_cache.ts";

const routes = new BoundedCache(routeFromString);

/**
 * Merges `value` over `base` deeply where both are plain objects (the
 * reference's `mergeDeep`); anything else in `value` replaces. Neither input
 * changes. With `freeze`, `base` is deep-frozen and shared, and the result is
 * deep-frozen; without, `base`'s plain values are copied thawed. What is
 * copied, and `request`, as in {@linkcode copyPlain}.
 *
 * @throws {TypeError} As {@linkcode copyPlain}.
 */
export function mergeValue(
  base: unknown,
  value: unknown,
  freeze: boolean,
  what: string,
  request = false,
): unknown {
  const merging = new Map<object, unknown>();
  const merge = (from: unknown, over: unknown, depth: number): unknown => {
    if (!isPlainObject(over) || !isPlainObject(from)) {
      // Copied from the depth it lands at: merged, a default is no deeper than 64 levels either.
      return freeze ? new Copier(true, what, request).copy(over, depth) : over;
    }
    const seen = merging.get(over);
    if (seen !== undefined) return seen;
    if (depth >= MAX_DEPTH) throw tooDeep(what);
    const result: Record<string, unknown> = {};
    merging.set(over, result);
    for (const key of Object.keys(from)) {
      setOwn(result, key, freeze ? from[key] : copyPlain(from[key], false, what, request));
    }
    for (const key of Object.keys(over)) {
      const item = over[key];
      if (item === undefined) continue;
      setOwn(result, key, merge(Object.hasOwn(from, key) ? from[key] : undefined, item, depth + 1));
    }
    return freeze ? Object.freeze(result) : result;
  };
  return merge(base, value, 0);
}

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

/** The previews of `base`, then those of `given` it lacks (rule 12): no duplicates. */
export function unionPreviews(
  base: readonly string[] | undefined,
  given: readonly string[] | undefined,
): string[] {
  return [...new Set([...(base ?? []), ...(given ?? [])])];
}

function mergeMediaType(
  base: EndpointDefaults["mediaType"],
  given: unknown,
  frozen: boolean,
  noPreviews: boolean,
): MergedOptions["mediaType"] {
  const { format, previews } = readMediaType(given, noPreviews);
  const result: MergedOptions["mediaType"] = { format: format ?? base.format };
  const basePreviews = own(base, "previews") as readonly string[] | undefined;
  if (basePreviews !== undefined || previews !== undefined) {
    // Defaults first, no duplicates (base previews were read without -preview already).
    result.previews = unionPreviews(basePreviews, previews);
    if (frozen) Object.freeze(result.previews);
  }
  return frozen ? Object.freeze(result) : result;
}

/** What merging needs to know of the builder. */
export interface MergeContext {
  /** Whether `mediaType.previews` are refused (rule 24). */
  readonly noPreviews: boolean;
  /**
   * The named options that the operation of a method and url declares as
   * its parameters (rule 25), which the merged options carry apart.
   */
  readonly shadowed?: (method: string, url: string) => ReadonlySet<string>;
}

const GITHUB_MERGE: MergeContext = { noPreviews: false };

/**
 * Applies `defaults` to a route string and options, or to an options object.
 * The result is the caller's to change, unless `frozen`: then `defaults`
 * must be deep-frozen, and the result is deep-frozen too, sharing their
 * values (for a builder's `DEFAULTS`).
 *
 * A parameter that the call's operation declares under an option's name
 * (rule 25) cannot share the option's key: it goes under
 * `DECLARED_PARAMETERS`, with the call's new parameters after it, so the
 * defaults' option stays the option for `parse()`, never a parameter, and
 * `parse()` reads the parameters in the call's order.
 *
 * @throws {TypeError} For a malformed route, options that are not an
 * object, or an invalid method, header or media type.
 */
export function mergeOptions(
  defaults: EndpointDefaults,
  route: unknown,
  options: unknown,
  frozen = false,
  context: MergeContext = GITHUB_MERGE,
): MergedOptions {
  let given: Record<string, unknown>;
  let method: string | undefined;
  let url: string | undefined;
  /** The declared parameters named like options, when the call names an operation with some. */
  let shadowed: ReadonlySet<string> | undefined;
  /** Whether the options name the route: their `method` and `url` are the route all the same. */
  let byOptions = false;
  /** The options' own `method` and `url`, read once for `shadowed`, when they were. */
  let read: [unknown, unknown] | undefined;
  if (route === undefined && options === undefined) {
    given = {}; // merge() with no arguments: the defaults (docs/design.md rule 21)
  } else if (typeof route === "string") {
    const parts = routes.get(route);
    method = parts.method;
    url = parts.url;
    given = routeOptions(options) ?? {};
    shadowed = shadowedBy(context, parts.method ?? defaults.method, parts.url);
  } else {
    checkOptionsCall(route, options);
    given = route;
    if (context.shadowed !== undefined) {
      // As endpoint(options) plans: the options' method and url, else the defaults'.
      read = [own(given, "method"), own(given, "url")];
      shadowed = shadowedBy(context, read[0] ?? defaults.method, read[1] ?? own(defaults, "url"));
      byOptions = true;
    }
  }

  const result: Record<string, unknown> = {};
  // Default keys come first, in their order; headers and mediaType are merged below.
  for (const key of Object.keys(defaults)) {
    setOwn(
      result,
      key,
      key === "headers" || key === "mediaType"
        ? null
        : frozen
        ? defaults[key]
        : copyPlain(defaults[key], false, keyLabel(key), key === "request"),
    );
  }
  if (method !== undefined) result.method = method;
  if (url !== undefined) result.url = url;
  // Each value is read once (rule 22); headers and mediaType are merged below.
  let givenHeaders: unknown;
  let givenMediaType: unknown;
  let carried: Record<string, unknown> | undefined;
  // From the first parameter named like an option on, the call's new
  // parameters go apart too, so that parse() reads them in the call's order.
  let carrying = false;
  for (const key of Object.keys(given)) {
    if (shadowed !== undefined) {
      const named = isNamedOption(key) && !isOptionKey(key, shadowed, byOptions);
      carrying ||= named;
      if (carrying && (named || (!isNamedOption(key) && !Object.hasOwn(defaults, key)))) {
        const value = given[key];
        if (value !== undefined) setOwn(carried ??= {}, key, value);
        continue;
      }
    }
    if (key === "headers") {
      givenHeaders = given.headers;
      continue;
    }
    if (key === "mediaType") {
      givenMediaType = given.mediaType;
      continue;
    }
    const value = read === undefined || (key !== "method" && key !== "url")
      ? given[key]
      : read[key === "method" ? 0 : 1];
    if (value === undefined) continue;
    setOwn(
      result,
      key,
      mergeValue(own(defaults, key), value, frozen, keyLabel(key), key === "request"),
    );
  }
  checkMethod(result.method);
  const headers = mergeHeaders(defaults.headers, givenHeaders);
  result.headers = frozen ? Object.freeze(headers) : headers;
  result.mediaType = mergeMediaType(defaults.mediaType, givenMediaType, frozen, context.noPreviews);
  if (carried !== undefined) {
    // Defined, not assigned: a setter on a polluted Object.prototype never sees it.
    defineOwn(result, DECLARED_PARAMETERS, carried);
  }
  return (frozen ? Object.freeze(result) : result) as MergedOptions;
}

/** What the operation of `method` and `url` declares under options' names, if anything. */
function shadowedBy(
  context: MergeContext,
  method: unknown,
  url: unknown,
): ReadonlySet<string> | undefined {
  if (context.shadowed === undefined || typeof method !== "string" || typeof url !== "string") {
    return undefined;
  }
  const names = context.shadowed(method, url);
  return names.size === 0 ? undefined : names;
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
    const fallback = own(defaults, i);
    merged.push(
      fallback === undefined ? own(values, i) : over(fallback, own(values, i), names[i], false),
    );
  }
  return merged;
}
