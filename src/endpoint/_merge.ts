/**
 * `merge`: applies a builder's defaults to a route and options, without
 * parsing (spec 2.4). Nothing the caller passes is changed.
 *
 * @module
 */

import type { EndpointDefaults, MergedOptions } from "./types.ts";
import { mergeHeaders } from "./_headers.ts";
import { copyPlain, mergeValue, own, setOwn } from "./_objects.ts";
import { checkOptionsCall, routeOptions } from "./_arguments.ts";
import { readMediaType } from "./_media_type.ts";
import { checkMethod } from "./_plan.ts";
import { keyLabel } from "./_options.ts";
import { routeFromString } from "./_route.ts";
import { BoundedCache } from "../_cache.ts";

const routes = new BoundedCache(routeFromString);

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
    result.previews = [...new Set([...(basePreviews ?? []), ...(previews ?? [])])];
    if (frozen) Object.freeze(result.previews);
  }
  return frozen ? Object.freeze(result) : result;
}

/** What merging needs to know of the builder. */
export interface MergeContext {
  /** Whether `mediaType.previews` are refused (rule 24). */
  readonly noPreviews: boolean;
  /**
   * Refuses options that a route's declared operation takes as its own
   * parameters under an option's name (rule 25): merged options cannot carry them.
   */
  readonly checkRoute?: (route: string, given: Record<string, unknown>) => void;
}

const GITHUB_MERGE: MergeContext = { noPreviews: false };

/**
 * Applies `defaults` to a route string and options, or to an options object.
 * The result is the caller's to change, unless `frozen`: then `defaults`
 * must be deep-frozen, and the result is deep-frozen too, sharing their
 * values (for a builder's `DEFAULTS`).
 *
 * @throws {TypeError} For a malformed route, options that are not an
 * object, an invalid method, header or media type, or a parameter of a
 * declared operation named like an option.
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
  if (route === undefined && options === undefined) {
    given = {}; // merge() with no arguments: the defaults (DECISIONS.md rule 21)
  } else if (typeof route === "string") {
    const parts = routes.get(route);
    method = parts.method;
    url = parts.url;
    given = routeOptions(options) ?? {};
    context.checkRoute?.(route, given);
  } else {
    checkOptionsCall(route, options);
    given = route;
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
  for (const key of Object.keys(given)) {
    if (key === "headers") {
      givenHeaders = given.headers;
      continue;
    }
    if (key === "mediaType") {
      givenMediaType = given.mediaType;
      continue;
    }
    const value = given[key];
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
  return (frozen ? Object.freeze(result) : result) as MergedOptions;
}
