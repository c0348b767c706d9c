/**
 * The types of `./octokit`'s `endpoint`: @octokit/types' `EndpointInterface`
 * (version 18) as routecast fills it, so that @octokit/request, and any code
 * typed against `@octokit/endpoint`, compiles with it in its place
 * (docs/octokit.md), with routecast's typed routes. Types only.
 *
 * Where @octokit/types types less than routecast knows, these types follow
 * @octokit/types: a result's `method` is one of its six methods, its `body`
 * and `request` are loosely typed, `mediaType.previews` is a `string[]`,
 * and `DEFAULTS` and `merge()` carry the types of the options given.
 *
 * @module
 */

import type {
  Described,
  EndpointArguments,
  EndpointObjectOptions,
  OptionsOperation,
  PathsOperation,
} from "./_openapi_types.ts";
import type { DefinedKeys, NotARoute } from "./_route_types.ts";
import type {
  EndpointOptions,
  GitHubDefaults,
  MergedOptions,
  OperationOf,
  RequestOptions,
  ResponseHeaders,
} from "./types.ts";

/**
 * The methods @octokit/types names (its `RequestMethod`): the type of a
 * `./octokit` result's upper-case `method` and of its default method.
 *
 * @example
 * ```ts
 * import { endpoint, type OctokitMethod } from "@routecast/endpoint/octokit";
 * import { assertEquals } from "@std/assert";
 *
 * const method: OctokitMethod = endpoint("PATCH /user", { name: "n" }).method;
 * assertEquals(method, "PATCH");
 * ```
 */
export type OctokitMethod = "DELETE" | "GET" | "HEAD" | "PATCH" | "POST" | "PUT";

/**
 * The `request` option of a `./octokit` result, typed as @octokit/types'
 * `RequestRequestOptions` reads it (`fetch`, `signal`, `hook`, ...).
 *
 * @example
 * ```ts
 * import { endpoint, type OctokitRequestMeta } from "@routecast/endpoint/octokit";
 * import { assertEquals } from "@std/assert";
 *
 * const request: OctokitRequestMeta | undefined = endpoint("GET /user", {
 *   request: { timeout: 5000 },
 * }).request;
 * const timeout: number = request?.timeout;
 * assertEquals(timeout, 5000);
 * ```
 */
export type OctokitRequestMeta = {
  // deno-lint-ignore no-explicit-any -- as @octokit/types types it, for code written against it
  readonly [option: string]: any;
};

/**
 * The request options `./octokit`'s `endpoint()` and `parse()` return:
 * {@linkcode RequestOptions}, typed as @octokit/types' `RequestOptions`
 * (an upper-case method, a loosely typed body and `request`).
 *
 * @example
 * ```ts
 * import { endpoint, type OctokitRequestOptions } from "@routecast/endpoint/octokit";
 * import { assertEquals } from "@std/assert";
 *
 * const options: OctokitRequestOptions = endpoint("DELETE /repos/{owner}/{repo}", {
 *   owner: "o",
 *   repo: "r",
 * });
 * assertEquals([options.method, options.url], ["DELETE", "https://api.github.com/repos/o/r"]);
 * ```
 */
export type OctokitRequestOptions<Operation = unknown> = RequestOptions<Operation> & {
  /** The method, upper-case. */
  method: OctokitMethod;
  /**
   * The body, for POST, PUT, PATCH and DELETE when there is one (else
   * absent, though typed as present: @octokit/types' results are).
   */
  // deno-lint-ignore no-explicit-any -- as @octokit/types types it
  body: any;
  /** The `request` option, when one was given (typed as present, as @octokit/types does). */
  request: OctokitRequestMeta | undefined;
};

/**
 * The defaults of `./octokit`'s builders (`endpoint.DEFAULTS`), typed as
 * @octokit/types' `EndpointDefaults`.
 *
 * @example
 * ```ts
 * import { endpoint, type OctokitDefaults } from "@routecast/endpoint/octokit";
 * import { assertEquals } from "@std/assert";
 *
 * const defaults: OctokitDefaults = endpoint.DEFAULTS;
 * assertEquals([defaults.method, defaults.baseUrl], ["GET", "https://api.github.com"]);
 * ```
 */
export interface OctokitDefaults extends GitHubDefaults {
  /** The default method (`"GET"` unless set). */
  readonly method: OctokitMethod;
  /** Default media type (deep-frozen, `previews` included). */
  readonly mediaType: { readonly format: string; readonly previews?: string[] };
}

/**
 * The result of `./octokit`'s `merge()`: {@linkcode MergedOptions} typed as
 * @octokit/types' `EndpointDefaults` (`parse()` takes it).
 *
 * @example
 * ```ts
 * import { endpoint, type OctokitMergedOptions } from "@routecast/endpoint/octokit";
 * import { assertEquals } from "@std/assert";
 *
 * const merged: OctokitMergedOptions = endpoint.merge({ method: "GET", url: "/user" });
 * assertEquals(merged.baseUrl, "https://api.github.com");
 * assertEquals(endpoint.parse(merged).url, "https://api.github.com/user");
 * ```
 */
export type OctokitMergedOptions<Operation = unknown> = MergedOptions<Operation> & {
  /** The method (`"GET"` unless set). */
  method: OctokitMethod;
  /** The base URL. */
  baseUrl: string;
  /** Merged headers, names lowercased, with GitHub's `accept` and `user-agent`. */
  headers: ResponseHeaders & { accept: string; "user-agent": string };
  /** Merged media type. */
  mediaType: { format: string; previews?: string[] };
  /** The `request` option, when one was given. */
  request?: OctokitRequestMeta;
};

/**
 * `./octokit`'s `endpoint` and the builders its `defaults()` makes: an
 * `Endpoint` (typed routes, `typed`) that is also an @octokit/types
 * `EndpointInterface`, so that @octokit/request and code typed against
 * `@octokit/endpoint` compile with it in its place. `Defaults` is the
 * intersection of the options given to `defaults()`, which `DEFAULTS` and
 * `merge()` carry, as `EndpointInterface<D>` does; `Paths` is the
 * openapi-typescript `paths` interface of a `typed` builder.
 *
 * @example
 * ```ts
 * import { endpoint, type OctokitEndpoint } from "@routecast/endpoint/octokit";
 * import { assertEquals } from "@std/assert";
 *
 * const mine: OctokitEndpoint<{ owner: string }> = endpoint.defaults({ owner: "octocat" });
 * const owner: string = mine.DEFAULTS.owner;
 * const { method, url } = mine("GET /repos/{owner}/{repo}", { repo: "hello" });
 * assertEquals([owner, method, url], ["octocat", "GET", "https://api.github.com/repos/octocat/hello"]);
 * ```
 */
export interface OctokitEndpoint<Defaults extends object = object, Paths = Record<never, never>> {
  /**
   * Builds request options from options that include `url` (and `method`).
   * A literal `url` is typed as a route.
   *
   * @example
   * ```ts
   * import { endpoint } from "@routecast/endpoint/octokit";
   * import { assertEquals } from "@std/assert";
   *
   * const { url } = endpoint({ method: "GET", url: "/users/{username}", username: "octocat" });
   * assertEquals(url, "https://api.github.com/users/octocat");
   * ```
   */
  <const Options extends EndpointOptions | string>(
    options: Options & EndpointObjectOptions<Paths, Options, DefinedKeys<Defaults>>,
    ...route: NotARoute<Options>
  ): OctokitRequestOptions<Described<OptionsOperation<Paths, Options>>>;
  /**
   * Builds request options from the defaults alone, for a builder whose
   * defaults carry a `url`; without one, a `TypeError`.
   *
   * @example
   * ```ts
   * import { endpoint } from "@routecast/endpoint/octokit";
   * import { assertEquals } from "@std/assert";
   *
   * assertEquals(endpoint.defaults({ url: "/user" })().url, "https://api.github.com/user");
   * ```
   */
  (): OctokitRequestOptions;
  /**
   * Builds request options from a route and parameters. With a route
   * literal, the route's required parameters must be given.
   *
   * @example
   * ```ts
   * import { endpoint } from "@routecast/endpoint/octokit";
   * import { assertEquals } from "@std/assert";
   *
   * const { method, url } = endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
   * assertEquals([method, url], ["GET", "https://api.github.com/repos/o/r"]);
   * ```
   */
  <Route extends string>(
    route: Route,
    ...options: EndpointArguments<Paths, Route, DefinedKeys<Defaults>>
  ): OctokitRequestOptions<Described<PathsOperation<Paths, Route>>>;
  /** This builder's defaults: a deep-frozen snapshot, typed with the options given to `defaults()`. */
  readonly DEFAULTS: Defaults & OctokitDefaults;
  /**
   * Returns a new builder whose defaults are these merged over this
   * builder's; parameters given here are no longer required by its calls.
   */
  defaults<Options extends EndpointOptions>(options: Options): OctokitEndpoint<
    Defaults & Options,
    Paths
  >;
  /**
   * Applies the defaults without parsing. Not checked against the route:
   * the result may be completed before `parse`.
   */
  merge<Route extends string, Options extends EndpointOptions = Record<never, never>>(
    route: Route,
    options?: Options,
  ):
    & OctokitMergedOptions<Described<PathsOperation<Paths, Route>>>
    & { url: string }
    & Defaults
    & Options;
  /** Applies the defaults to options that include `url` without parsing. */
  merge<const Options extends EndpointOptions>(
    options: Options,
  ): OctokitMergedOptions<Described<OptionsOperation<Paths, Options>>> & Defaults & Options;
  /** The defaults, merged as for an empty call (`merge({})`). */
  merge(): OctokitMergedOptions & Defaults;
  /** Turns merged options into request options. Stateless. */
  parse<Options extends EndpointOptions>(
    options: Options,
  ): OctokitRequestOptions<OperationOf<Options>> & Pick<Options, keyof OctokitRequestOptions>;
}
