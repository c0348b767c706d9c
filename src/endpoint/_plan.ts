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
import { invalid, own, quoteValue } from "./_objects.ts";
import { isAbsoluteUrl, schemePrefixLength } from "./_route.ts";
import { type CompileTemplate, compileUrl, type UrlTemplate } from "./_url.ts";
import { nameEquals, queryPair, type QueryWriter } from "./_query.ts";
import type { KeyKinds } from "./_build.ts";

/**
 * How a flavour of `endpoint` departs from DECISIONS.md where the reference
 * does (rule 23), or from GitHub where the neutral builder does (rule 24):
 * the same code, configured.
 */
export interface Flavour {
  /** Whether the result's method is upper-case (the reference) or lowercase (spec 2.2). */
  readonly upperCaseMethod: boolean;
  /**
   * Where `mediaType.previews` amend `accept`: every url (rule 12), only urls
   * ending in `/graphql` (the reference), or nowhere, refused (rule 24).
   */
  readonly previews: "all" | "graphql" | "refused";
  /** Whether a `{x}`, `{+x}` or `:x` path variable without a value is an error (rule 19). */
  readonly requirePathVariables: boolean;
  /** How remaining GET and HEAD parameters are written in the query (rules 7 and 24). */
  readonly query: QueryWriter;
  /**
   * What `query` writes before a string or number value of `name`, or
   * `undefined` where it writes that value otherwise (GitHub's `q`).
   */
  readonly prefix: (name: string) => string | undefined;
}

/** DECISIONS.md as written: lowercase methods, previews on every url, required path variables. */
export const ROUTECAST: Flavour = {
  upperCaseMethod: false,
  previews: "all",
  requirePathVariables: true,
  query: queryPair,
  prefix: (name) => name === "q" ? undefined : nameEquals(name),
};

/**
 * What a declared operation (DECISIONS.md rule 25) adds to a plan: made by
 * `./openapi` from an OpenAPI description, used by `build()` through these
 * members only, so builders without a description carry none of its code.
 */
export interface OperationPlan {
  /** The url template: the path with each path parameter's RFC 6570 operator. */
  readonly template: string;
  /** The operation's own server (else the description's). */
  readonly server: string | undefined;
  /** The names of the declared parameters `write` takes values for, by index. */
  readonly names: readonly string[];
  /** The indexes of each declared parameter name into `names`. */
  readonly byName: ReadonlyMap<string, readonly number[]>;
  /** Named options that this operation declares as its parameters or body fields. */
  readonly shadowed: ReadonlySet<string> | undefined;
  /**
   * Turns the url values (by index, the call's; the plan's defaults apply
   * under them) into what the url expands: a path parameter with JSON
   * `content` as its JSON text. Present when one needs it.
   */
  readonly pathValues: ((raw: unknown[], plan: Plan) => void) | undefined;
  /**
   * Writes the declared query, header and cookie parameters, the call's
   * values (by index into `names`) over the plan's `declaredDefaults`:
   * returns the query, puts headers and cookies into `headers`.
   */
  write(values: readonly unknown[], plan: Plan, headers: Headers): string;
  /**
   * The content type a body goes with, when the operation names one; `""`
   * for none (a multipart body's type needs the boundary its client writes).
   */
  readonly contentType: string | undefined;
  /**
   * The body that parameters make (a form string), or `undefined` for a
   * JSON object of them; throws when only `data` can be the body.
   */
  readonly body: ((members: Record<string, unknown>, route: string) => unknown) | undefined;
}

/** The operations of an OpenAPI description that a builder knows (rule 25). */
export interface DeclaredOperations {
  /** The plan of `"<METHOD> <path>"` (method upper-case), or `undefined` for another route. */
  operation(method: string, url: string, route: string): OperationPlan | undefined;
  /**
   * The named options that the operation of `method` (any case) and `url`
   * declares as its parameters or body fields, for `merge()` to carry them
   * apart (empty for a route that is no operation).
   */
  shadowed(method: string, url: string): ReadonlySet<string>;
  /** The description's first server, for routes without a server of their own. */
  readonly server: string | undefined;
}

/** What a builder needs to make plans. */
export interface PlanContext {
  /** Compiles url templates through the `./uri-template` facade. */
  readonly compile: CompileTemplate;
  readonly flavour: Flavour;
  /** The operations of an OpenAPI description (rule 25), for `fromOpenAPI` builders. */
  readonly declared?: DeclaredOperations;
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
  /**
   * The defaults' headers (names already lowercased), frozen: what a call
   * copies when it may add a header (`content-type`, the caller's, an
   * OpenAPI header parameter). In Node.js 20's optimized code a spread copy
   * of an unfrozen object gets a map of its own, so each header added to it
   * made a new map, about 1.3 µs per POST; a spread copy of a frozen object
   * keeps its transitions (tests/node/header_maps.test.mjs).
   */
  readonly headers: Readonly<Headers>;
  /**
   * The same headers unfrozen: what a GET or HEAD call with no headers of
   * its own copies, since nothing is added to that copy but a preview's
   * `accept`, and Node.js 20 copies an unfrozen object faster.
   */
  readonly plainHeaders: Readonly<Headers>;
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
  /** For a route that is a declared operation (rule 25): its parameters and body. */
  readonly operation: OperationPlan | undefined;
  /** The defaults' value of each declared parameter, by index (when `operation`). */
  readonly declaredDefaults: readonly unknown[];
  /** Whether every default parameter is a primitive, so what they alone give can be kept. */
  readonly constant: boolean;
  /** The url the defaults alone give, made on first use (when `constant`). */
  target?: string;
  /** The query the defaults' other parameters alone give, made on first use (when `constant`). */
  defaultQuery?: string;
  /** The kinds of the last call's option keys. */
  last?: KeyKinds;
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

/** The last baseUrl that passed {@linkcode basePrefix}'s checks (a string), and its prefix. */
let lastBase: string | undefined;
let lastPrefix = "";

/**
 * `baseUrl` without its trailing `/` characters (DECISIONS.md rules 5, 20).
 *
 * @param route The route, for the message when there is no baseUrl (rule 24).
 * @throws {TypeError} When it is missing, not an absolute URL, or has a query or fragment.
 */
export function basePrefix(baseUrl: unknown, route: string): string {
  // A parse() of merged options brings the same baseUrl every call: checked once
  // (never a missing one: before the first, lastBase is undefined too).
  if (baseUrl === lastBase && lastBase !== undefined) return lastPrefix;
  if (baseUrl === undefined) {
    throw new TypeError(
      `Missing baseUrl for ${quoteValue(route)}: expected a baseUrl option or default`,
    );
  }
  const query = typeof baseUrl === "string" && (baseUrl.includes("?") || baseUrl.includes("#"));
  if (
    typeof baseUrl !== "string" || schemePrefixLength(baseUrl) === 0 ||
    (!query && !isAbsoluteUrl(baseUrl))
  ) {
    throw invalid("baseUrl", baseUrl, 'expected an absolute URL such as "https://api.github.com"');
  }
  if (query) {
    throw invalid(
      "baseUrl",
      baseUrl,
      'it has a query or fragment, expected an absolute URL without "?" or "#" that a path can follow',
    );
  }
  let end = baseUrl.length;
  while (end > 0 && baseUrl.charCodeAt(end - 1) === 0x2f) end--;
  lastBase = baseUrl;
  return lastPrefix = baseUrl.slice(0, end);
}

/**
 * Plans `method` and `url` against `defaults` (a builder's deep-frozen
 * `DEFAULTS`, or none for `parse`). A route that names a declared operation
 * (`"<METHOD> <path>"`, rule 25) is planned from its declarations.
 *
 * @throws {TypeError} For an invalid method or baseUrl, or a declaration the
 * builder cannot write.
 * @throws {UriTemplateError} For a malformed url.
 */
export function compilePlan(
  defaults: Partial<EndpointDefaults>,
  method: unknown,
  url: string,
  context: PlanContext,
): Plan {
  checkMethod(method);
  const upper = method.toUpperCase();
  const route = `${method} ${url}`;
  const declared = context.declared;
  const operation = declared?.operation(upper, url, route);
  const compiled = compileUrl(operation?.template ?? url, context.compile, operation !== undefined);
  const urlDefaults: unknown[] = compiled.names.map(() => undefined);
  const declaredDefaults: unknown[] = [];
  const restDefaults: [string, unknown][] = [];
  const restIndex = new Map<string, number>();
  let constant = true;
  for (const key of Object.keys(defaults)) {
    if (isNamedOption(key)) continue;
    const value = defaults[key];
    if (typeof value === "object" && value !== null) constant = false;
    const declaredAt = operation?.byName.get(key);
    if (declaredAt !== undefined) {
      for (const index of declaredAt) declaredDefaults[index] = value;
      if (!compiled.index.has(key)) continue;
    }
    const at = compiled.index.get(key);
    if (at !== undefined) {
      urlDefaults[at] = value;
    } else {
      restIndex.set(key, restDefaults.length);
      restDefaults.push([key, value]);
    }
  }
  const flavour = context.flavour;
  // Own properties only: an option inherited from a polluted Object.prototype is not an option.
  const mediaType = (own(defaults, "mediaType") ?? {}) as Record<string, unknown>;
  const plainHeaders: Headers = { ...own(defaults, "headers") as Headers | undefined };
  return {
    route,
    upper,
    resultMethod: flavour.upperCaseMethod ? upper : method.toLowerCase(),
    query: upper === "GET" || upper === "HEAD",
    url: compiled,
    baseUrl: own(defaults, "baseUrl") ?? operation?.server ?? declared?.server,
    headers: Object.freeze({ ...plainHeaders }),
    plainHeaders,
    format: (own(mediaType, "format") ?? "") as string,
    previews: (own(mediaType, "previews") ?? []) as readonly string[],
    urlDefaults,
    restDefaults,
    restIndex,
    data: own(defaults, "data"),
    request: own(defaults, "request"),
    flavour,
    constant,
    operation,
    declaredDefaults,
  };
}
