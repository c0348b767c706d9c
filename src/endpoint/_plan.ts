/**
 * A plan: what one builder does for one route, decided once and kept (a
 * bounded cache per builder): the method in each case, the compiled url, the
 * base prefix, and the builder's defaults already split into url variables,
 * other parameters and named options.
 *
 * @module
 */

import type { EndpointDefaults } from "./types.ts";
import { type Headers, isToken } from "./_headers.ts";
import { isNamedOption } from "./_options.ts";
import { own, quoteValue } from "./_objects.ts";
import { isAbsoluteUrl, schemePrefixLength } from "./_route.ts";
import { type CompileTemplate, compileUrl, type UrlTemplate } from "./_url.ts";

/**
 * How a flavour of `endpoint` departs from DECISIONS.md where the reference
 * does (rule 23): the same code, configured.
 */
export interface Flavour {
  /** Whether the result's method is upper-case (the reference) or lowercase (spec 2.2). */
  readonly upperCaseMethod: boolean;
  /** Whether previews amend `accept` only for urls ending in `/graphql` (the reference). */
  readonly previewsForGraphqlOnly: boolean;
  /** Whether a `{x}`, `{+x}` or `:x` path variable without a value is an error (rule 19). */
  readonly requirePathVariables: boolean;
}

/** DECISIONS.md as written: lowercase methods, previews on every url, required path variables. */
export const ROUTECAST: Flavour = {
  upperCaseMethod: false,
  previewsForGraphqlOnly: false,
  requirePathVariables: true,
};

/** What a builder needs to make plans. */
export interface PlanContext {
  /** Compiles url templates through the `./uri-template` facade. */
  readonly compile: CompileTemplate;
  readonly flavour: Flavour;
}

/** A route resolved against one builder's defaults. */
export interface Plan {
  /** `"<METHOD> <url>"` as the caller wrote it, for error messages. */
  readonly route: string;
  /** The method upper-cased, for decisions. */
  readonly upper: string;
  /** The method as the result carries it. */
  readonly resultMethod: string;
  /** Whether parameters go to the query (GET, HEAD) rather than the body. */
  readonly query: boolean;
  readonly url: UrlTemplate;
  /** The defaults' `baseUrl`. */
  readonly baseUrl: unknown;
  /** `baseUrl` checked and without trailing `/`, made on first use (a full url needs none). */
  base?: string;
  /** The defaults' headers (names already lowercased). */
  readonly headers: Readonly<Headers>;
  readonly format: string;
  readonly previews: readonly string[];
  /** The defaults' value of each url variable, by index. */
  readonly urlDefaults: readonly unknown[];
  /** The defaults' other parameters, in order, as `[name, value]`. */
  readonly restDefaults: readonly (readonly [string, unknown])[];
  /** The index of each name in `restDefaults`. */
  readonly restIndex: ReadonlyMap<string, number>;
  readonly data: unknown;
  readonly request: unknown;
  readonly flavour: Flavour;
  /** Whether every default parameter is a primitive, so what they alone give can be kept. */
  readonly constant: boolean;
  /** The url the defaults alone give, made on first use (when `constant`). */
  target?: string;
  /** The query the defaults' other parameters alone give, made on first use (when `constant`). */
  defaultQuery?: string;
}

/**
 * Checks `method` is an HTTP token.
 *
 * @throws {TypeError} When it is not.
 */
export function checkMethod(method: unknown): asserts method is string {
  if (typeof method !== "string" || !isToken(method)) {
    throw new TypeError(
      `Invalid method ${quoteValue(method)}: expected an HTTP method such as "GET" or "POST"`,
    );
  }
}

/**
 * `baseUrl` without its trailing `/` characters (DECISIONS.md rules 5, 20).
 *
 * @throws {TypeError} When it is not an absolute URL, or has a query or fragment.
 */
export function basePrefix(baseUrl: unknown): string {
  if (typeof baseUrl !== "string" || schemePrefixLength(baseUrl) === 0) {
    throw new TypeError(
      `Invalid baseUrl ${
        quoteValue(baseUrl)
      }: expected an absolute URL such as "https://api.github.com"`,
    );
  }
  if (baseUrl.includes("?") || baseUrl.includes("#")) {
    throw new TypeError(
      `Invalid baseUrl ${
        quoteValue(baseUrl)
      }: it has a query or fragment, expected an absolute URL without "?" or "#" that a path can follow`,
    );
  }
  if (!isAbsoluteUrl(baseUrl)) {
    throw new TypeError(
      `Invalid baseUrl ${
        quoteValue(baseUrl)
      }: expected an absolute URL such as "https://api.github.com"`,
    );
  }
  let end = baseUrl.length;
  while (end > 0 && baseUrl.charCodeAt(end - 1) === 0x2f) end--;
  return baseUrl.slice(0, end);
}

/**
 * Plans `method` and `url` against `defaults` (a builder's deep-frozen
 * `DEFAULTS`, or none for `parse`).
 *
 * @throws {TypeError} For an invalid method or baseUrl.
 * @throws {UriTemplateError} For a malformed url.
 */
export function compilePlan(
  defaults: Partial<EndpointDefaults>,
  method: unknown,
  url: string,
  context: PlanContext,
): Plan {
  checkMethod(method);
  const compiled = compileUrl(url, context.compile);
  const urlDefaults: unknown[] = compiled.names.map(() => undefined);
  const restDefaults: [string, unknown][] = [];
  const restIndex = new Map<string, number>();
  let constant = true;
  for (const key of Object.keys(defaults)) {
    if (isNamedOption(key)) continue;
    const value = defaults[key];
    if (typeof value === "object" && value !== null) constant = false;
    const at = compiled.index.get(key);
    if (at !== undefined) {
      urlDefaults[at] = defaults[key];
    } else {
      restIndex.set(key, restDefaults.length);
      restDefaults.push([key, defaults[key]]);
    }
  }
  const upper = method.toUpperCase();
  const flavour = context.flavour;
  // Own properties only: an option inherited from a polluted Object.prototype is not an option.
  const mediaType = (own(defaults, "mediaType") ?? {}) as Record<string, unknown>;
  return {
    route: `${method} ${url}`,
    upper,
    resultMethod: flavour.upperCaseMethod ? upper : method.toLowerCase(),
    query: upper === "GET" || upper === "HEAD",
    url: compiled,
    baseUrl: own(defaults, "baseUrl"),
    headers: (own(defaults, "headers") ?? {}) as Readonly<Headers>,
    format: (own(mediaType, "format") ?? "") as string,
    previews: (own(mediaType, "previews") ?? []) as readonly string[],
    urlDefaults,
    restDefaults,
    restIndex,
    data: own(defaults, "data"),
    request: own(defaults, "request"),
    flavour,
    constant,
  };
}
