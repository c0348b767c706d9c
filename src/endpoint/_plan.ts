/**
 * A plan: what one builder does for one route, decided once and kept (a
 * bounded cache per builder): the method in each case, the compiled url, the
 * base prefix, the builder's defaults already split into url variables,
 * other parameters and named options, and the role of each key of a call's
 * options (the last call's kept).
 *
 * @module
 */

import type { EndpointDefaults } from "./types.ts";
import { type Headers, isToken } from "./_headers.ts";
import { isNamedOption, isOptionKey, optionRole, Role } from "./_options.ts";
import { quoteValue } from "./_messages.ts";
import { own } from "./_own.ts";
import { type CompileTemplate, compileUrl, type UrlTemplate } from "./_url.ts";
import type { Flavour } from "./_flavour.ts";
import type { DeclaredOperations, OperationPlan } from "./_operation_plan.ts";

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
   * The last `baseUrl` a call gave that passed the checks, and its prefix:
   * `parse()` of merged options brings the same one call after call.
   */
  givenBase?: string;
  givenPrefix?: string;
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
  /** The roles of the last call's option keys. */
  last?: KeyRoles;
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
  // An operation's credential headers go under the defaults' (rule 26).
  const plainHeaders: Headers = {
    ...operation?.headers,
    ...own(defaults, "headers") as Headers | undefined,
  };
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

/**
 * The roles of a call's option keys for a plan: calls repeat their keys, so
 * the last ones are kept on the plan.
 */
export interface KeyRoles {
  readonly keys: readonly string[];
  readonly roles: readonly Role[];
  /** For a url variable, its index; for an override, its index in the defaults' `restDefaults`. */
  readonly at: readonly number[];
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
 * The roles of `keys` (a call's own option keys, in order) for `plan`.
 *
 * @param shadowed The names that are parameters even where they are named
 * like options: those the operation the call names declares (rule 25).
 * @param route Whether `method` and `url` are the route all the same (beside
 * no route string).
 * @param carried How many keys at the end of `keys` come from merged
 * options' `DECLARED_PARAMETERS`: parameters, whatever their names.
 */
export function keyRoles(
  plan: Plan,
  keys: readonly string[],
  shadowed: ReadonlySet<string> | undefined,
  route: boolean,
  carried = 0,
): KeyRoles {
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
  const roles: Role[] = [];
  const at: number[] = [];
  const details: (string | readonly number[] | undefined)[] = [];
  let moves = false;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    const option = i < keys.length - carried && isOptionKey(key, shadowed, route);
    const declared = operation?.byName.get(key);
    const variable = plan.url.index.get(key);
    const rest = plan.restIndex.get(key);
    const role = option
      ? optionRole(key)
      : declared !== undefined
      ? Role.Declared
      : variable !== undefined
      ? Role.UrlVariable
      : rest === undefined
      ? Role.Rest
      : Role.Override;
    moves ||= role === Role.Route;
    roles.push(role);
    at.push(role === Role.UrlVariable ? variable! : role === Role.Override ? rest! : -1);
    details.push(
      role === Role.Declared
        ? declared
        : role === Role.Rest && plan.query
        ? plan.flavour.query.prefix(key)
        : undefined,
    );
  }
  return plan.last = { keys, roles, at, details, moves, carried, shadowed };
}
