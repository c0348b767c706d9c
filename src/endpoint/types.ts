/**
 * The public types of `endpoint()`: what goes in, what comes out.
 *
 * @module
 */

import type {
  Described,
  DescribedArguments,
  DescribedObjectOptions,
  DescribedRoute,
  EndpointArguments,
  EndpointObjectOptions,
  OptionsOperation,
  PathsOperation,
  SuccessBody,
} from "./_openapi_types.ts";
import type { DefinedKeys, NotARoute } from "./_route_types.ts";
export type {
  RouteArguments,
  RouteOptions,
  RouteRequiredNames,
  RouteValue,
} from "./_route_types.ts";

import type {
  EndpointOptions,
  MediaType,
  RequestHeaders,
  RequestMeta,
  RequestMethod,
  ResponseHeaders,
} from "./_base_types.ts";
export type {
  EndpointOptions,
  MediaType,
  RequestHeaders,
  RequestMeta,
  RequestMethod,
  ResponseHeaders,
};

/**
 * The defaults a builder holds (`endpoint.DEFAULTS`), deep-frozen.
 *
 * @example
 * ```ts
 * import { endpoint, type EndpointDefaults } from "@routecast/endpoint";
 * import { assertEquals } from "@std/assert";
 *
 * const defaults: EndpointDefaults = endpoint.DEFAULTS;
 * assertEquals([defaults.method, defaults.baseUrl], ["GET", "https://api.github.com"]);
 * ```
 */
export interface EndpointDefaults extends EndpointOptions {
  /** The default method, as given (`"GET"` unless set). */
  readonly method: string;
  /** The default base URL (a `createEndpoint()` builder has none unless given). */
  readonly baseUrl?: string;
  /** Default headers, names lowercased. */
  readonly headers: Readonly<ResponseHeaders>;
  /** Default media type. */
  readonly mediaType: { readonly format: string; readonly previews?: readonly string[] };
}

/**
 * The defaults of a builder with GitHub's defaults (`endpoint` of the main
 * entry and of `./lite`, and the builders their `defaults()` make): a base
 * URL, `accept` and `user-agent` are always there, as strings.
 *
 * @example
 * ```ts
 * import { endpoint, type GitHubDefaults } from "@routecast/endpoint";
 * import { assertEquals } from "@std/assert";
 *
 * const defaults: GitHubDefaults = endpoint.DEFAULTS;
 * const baseUrl: string = defaults.baseUrl;
 * const accept: string = defaults.headers.accept;
 * assertEquals([baseUrl, accept], ["https://api.github.com", "application/vnd.github.v3+json"]);
 * ```
 */
export interface GitHubDefaults extends EndpointDefaults {
  /** The base URL, `"https://api.github.com"` unless set. */
  readonly baseUrl: string;
  /** Default headers, names lowercased, with GitHub's `accept` and `user-agent`. */
  readonly headers: Readonly<ResponseHeaders> & {
    readonly accept: string;
    readonly "user-agent": string;
  };
}

/**
 * The result of `endpoint.merge()`: options with defaults applied, not yet parsed.
 * `Operation` is a phantom type (no runtime field): the operation of a
 * {@linkcode typed} builder's route, which `parse()` passes on.
 *
 * @example
 * ```ts
 * import { endpoint, type MergedOptions } from "@routecast/endpoint";
 * import { assertEquals } from "@std/assert";
 *
 * const merged: MergedOptions = endpoint.merge("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
 * assertEquals([merged.method, merged.url], ["GET", "/repos/{owner}/{repo}"]);
 * assertEquals(endpoint.parse(merged).url, "https://api.github.com/repos/o/r");
 * ```
 */
export interface MergedOptions<Operation = unknown> extends EndpointOptions {
  /** The method, as given (case kept). */
  method: RequestMethod;
  /** The base URL (absent for a `createEndpoint()` builder given none). */
  baseUrl?: string;
  /** The url template, unexpanded (absent when neither route nor options nor defaults gave one). */
  url?: string;
  /** Merged headers, names lowercased. */
  headers: ResponseHeaders;
  /** Merged media type. */
  mediaType: { format: string; previews?: string[] };
}

/**
 * The request options `endpoint()` returns, ready for any HTTP client.
 * `Operation` is a phantom type (no runtime field): the operation of a
 * {@linkcode typed} builder's route, read by {@linkcode ResponseOf}.
 *
 * @example
 * ```ts
 * import { endpoint, type RequestOptions } from "@routecast/endpoint";
 * import { assertEquals } from "@std/assert";
 *
 * const options: RequestOptions = endpoint("DELETE /repos/{owner}/{repo}", { owner: "o", repo: "r" });
 * assertEquals([options.method, options.url], ["delete", "https://api.github.com/repos/o/r"]);
 * assertEquals(options.body, undefined);
 * ```
 */
export interface RequestOptions<Operation = unknown> {
  /** The method, lowercase. */
  method: string;
  /** The full URL. */
  url: string;
  /** Headers, names lowercased. */
  headers: ResponseHeaders;
  /** The body, for POST, PUT, PATCH and DELETE when there is one. */
  body?: unknown;
  /** The `request` option, when one was given. */
  request?: RequestMeta;
}

/**
 * The operation a {@linkcode RequestOptions} or {@linkcode MergedOptions}
 * was built for (the `paths[path][method]` entry of a {@linkcode typed}
 * builder's description), or `unknown`.
 *
 * @example
 * ```ts
 * import { endpoint, type OperationOf, typed } from "@routecast/endpoint";
 * import { assertEquals } from "@std/assert";
 *
 * interface paths {
 *   "/zen": { get: { responses: { 200: { content: { "text/plain": string } } } } };
 * }
 * const options = typed<paths>(endpoint)("GET /zen");
 * const operationId: keyof OperationOf<typeof options> = "responses";
 * assertEquals(operationId, "responses");
 * ```
 */
export type OperationOf<Options> =
  // `& infer _` reads the operation in an intersection too (`./octokit`'s results);
  // merged options first, since those of `./octokit` are also request options.
  Options extends MergedOptions<infer Operation> & infer _ ? Operation
    : Options extends RequestOptions<infer Operation> & infer _ ? Operation
    : unknown;

/**
 * The JSON body a successful (2xx) response to these options has, as the
 * API description declares it: a union over the 2xx responses, `undefined`
 * for one without a JSON body (`204 No Content`), `unknown` for options
 * not built by a {@linkcode typed} builder from a described route.
 *
 * @example
 * ```ts
 * import { endpoint, type ResponseOf, typed } from "@routecast/endpoint";
 * import { assertEquals } from "@std/assert";
 *
 * interface paths {
 *   "/users/{username}": {
 *     get: {
 *       parameters: { path: { username: string } };
 *       responses: { 200: { content: { "application/json": { login: string } } } };
 *     };
 *   };
 * }
 * const options = typed<paths>(endpoint)("GET /users/{username}", { username: "octocat" });
 * const user: ResponseOf<typeof options> = { login: "octocat" };
 * assertEquals(user.login, "octocat");
 * ```
 */
export type ResponseOf<Options> = unknown extends OperationOf<Options> ? unknown
  : SuccessBody<OperationOf<Options>>;

/**
 * A request-options builder with its defaults. Calls with a route literal
 * are typed from the route (see {@linkcode RouteOptions}): leaving out a
 * required parameter is a type error. `Provided` is the union of the
 * parameter names this builder has as defaults, which calls need not repeat.
 * `Paths` is the openapi-typescript `paths` interface of a {@linkcode typed}
 * builder: routes it describes are typed from their operations.
 *
 * @example
 * ```ts
 * import { type Endpoint, endpoint } from "@routecast/endpoint";
 * import { assertEquals } from "@std/assert";
 *
 * const mine: Endpoint<"owner"> = endpoint.defaults({ owner: "octocat" });
 * const { url } = mine("GET /repos/{owner}/{repo}", { repo: "hello" });
 * assertEquals(url, "https://api.github.com/repos/octocat/hello");
 * ```
 */
export interface Endpoint<Provided extends string = never, Paths = Record<never, never>> {
  /**
   * Builds request options from options that include `url` (and `method`).
   * A literal `url` is typed as a route.
   *
   * @example
   * ```ts
   * import { endpoint } from "@routecast/endpoint";
   * import { assertEquals } from "@std/assert";
   *
   * const { url } = endpoint({ method: "GET", url: "/users/{username}", username: "octocat" });
   * assertEquals(url, "https://api.github.com/users/octocat");
   * ```
   */
  <const Options extends EndpointOptions | string>(
    options: Options & EndpointObjectOptions<Paths, Options, Provided>,
    ...route: NotARoute<Options>
  ): RequestOptions<Described<OptionsOperation<Paths, Options>>>;
  /**
   * Builds request options from the defaults alone, for a builder whose
   * defaults carry a `url` (docs/design.md rule 21); without one, a `TypeError`.
   *
   * @example
   * ```ts
   * import { endpoint } from "@routecast/endpoint";
   * import { assertEquals } from "@std/assert";
   *
   * const me = endpoint.defaults({ url: "/user" });
   * assertEquals(me().url, "https://api.github.com/user");
   * ```
   */
  (): RequestOptions;
  /**
   * Builds request options from a route and parameters. With a route
   * literal, the route's required parameters must be given.
   *
   * @example
   * ```ts
   * import { endpoint } from "@routecast/endpoint";
   * import { assertEquals } from "@std/assert";
   *
   * const { method, url } = endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
   * assertEquals([method, url], ["get", "https://api.github.com/repos/o/r"]);
   * ```
   */
  <Route extends string>(
    route: Route,
    ...options: EndpointArguments<Paths, Route, Provided>
  ): RequestOptions<Described<PathsOperation<Paths, Route>>>;
  /** This builder's defaults: a deep-frozen snapshot. */
  readonly DEFAULTS: EndpointDefaults;
  /**
   * Returns a new builder whose defaults are these merged over this
   * builder's; parameters given here are no longer required by its calls.
   */
  defaults<Options extends EndpointOptions>(
    options: Options,
  ): Endpoint<Provided | DefinedKeys<Options>, Paths>;
  /**
   * Applies the defaults without parsing. Not checked against the route:
   * the result may be completed before `parse`.
   */
  merge<Route extends string>(
    route: Route,
    options?: EndpointOptions,
  ): MergedOptions<Described<PathsOperation<Paths, Route>>>;
  /** Applies the defaults to options that include `url` without parsing. */
  merge<const Options extends EndpointOptions>(
    options: Options,
  ): MergedOptions<Described<OptionsOperation<Paths, Options>>>;
  /** The defaults, merged as for an empty call (`merge({})`). */
  merge(): MergedOptions;
  /** Turns merged options into request options. Stateless. */
  parse<Options extends EndpointOptions>(options: Options): RequestOptions<OperationOf<Options>>;
}

/**
 * The builder of the main entry and of `./lite` (`endpoint`), and of their
 * `defaults()`: an {@linkcode Endpoint} whose defaults are GitHub's, so that
 * `DEFAULTS.baseUrl`, `DEFAULTS.headers.accept` and
 * `DEFAULTS.headers["user-agent"]` are strings ({@linkcode GitHubDefaults}).
 *
 * @example
 * ```ts
 * import { endpoint, type GitHubEndpoint } from "@routecast/endpoint";
 * import { assertEquals } from "@std/assert";
 *
 * const enterprise: GitHubEndpoint = endpoint.defaults({ baseUrl: "https://github.example.com/api/v3" });
 * const baseUrl: string = enterprise.DEFAULTS.baseUrl;
 * assertEquals(baseUrl, "https://github.example.com/api/v3");
 * ```
 */
export interface GitHubEndpoint<Provided extends string = never, Paths = Record<never, never>>
  extends Endpoint<Provided, Paths> {
  /** This builder's defaults: a deep-frozen snapshot. */
  readonly DEFAULTS: GitHubDefaults;
  /**
   * Returns a new builder whose defaults are these merged over this
   * builder's; parameters given here are no longer required by its calls.
   */
  defaults<Options extends EndpointOptions>(
    options: Options,
  ): GitHubEndpoint<Provided | DefinedKeys<Options>, Paths>;
}

/**
 * The builder `fromOpenAPI` returns: an {@linkcode Endpoint} that knows an
 * OpenAPI description's operations and sends each parameter of an
 * operation where the description puts it. Untyped, its calls are typed as
 * {@linkcode Endpoint}'s are. {@linkcode typed} gives it the description's
 * `Paths`; then a route whose path is exactly a key of `Paths`
 * (`"POST /v1/customers"`, the method in any case) takes, in one flat
 * object, the operation's path parameters, its query parameters on any
 * method, its header and cookie parameters by their declared names
 * (beside `headers`), and the top-level fields of its JSON body, else of
 * its `application/x-www-form-urlencoded` body. A key the operation
 * declares is typed as declared even when an option has its name (Stripe's
 * body field `url`, Asana's `data`); that option is then not available on
 * the call (set it with `defaults()`). Any other route, including another
 * spelling of an operation's path (`:name`, a `{?…}` expression, a full
 * URL), is a compile-time error on a strict builder (the default, rule 26:
 * `Strict` is `true`), and typed as by a typed {@linkcode Endpoint} on one
 * made with `strict: false`.
 *
 * @example
 * ```ts
 * import { fromOpenAPI, typed } from "@routecast/endpoint/openapi";
 * import { assertEquals } from "@std/assert";
 *
 * interface paths {
 *   "/v1/customers": {
 *     post: {
 *       parameters: { header?: { "Idempotency-Key"?: string } };
 *       requestBody: {
 *         content: { "application/x-www-form-urlencoded": { email: string } };
 *       };
 *       responses: { 200: { content: { "application/json": { id: string } } } };
 *     };
 *   };
 * }
 * const api = typed<paths>(fromOpenAPI({
 *   openapi: "3.1.0",
 *   info: { title: "Customers", version: "1" },
 *   servers: [{ url: "https://api.example.com" }],
 *   paths: {
 *     "/v1/customers": {
 *       post: {
 *         parameters: [{ name: "Idempotency-Key", in: "header" }],
 *         requestBody: { content: { "application/x-www-form-urlencoded": {} } },
 *         responses: {},
 *       },
 *     },
 *   },
 * }));
 * const options = api("POST /v1/customers", { email: "a@example.com", "Idempotency-Key": "k1" });
 * assertEquals(options.url, "https://api.example.com/v1/customers");
 * assertEquals(options.body, "email=a%40example.com");
 * assertEquals(options.headers["idempotency-key"], "k1");
 * // @ts-expect-error: the form's email is required
 * api("POST /v1/customers", { "Idempotency-Key": "k2" });
 * ```
 */
export interface OpenAPIEndpoint<
  Provided extends string = never,
  Paths = Record<never, never>,
  Strict extends boolean = true,
> {
  /**
   * Builds request options from options that include `url` (and `method`).
   * A literal `url` is typed as a route; `method` and `url` name it.
   *
   * @example
   * ```ts
   * import { fromOpenAPI } from "@routecast/endpoint/openapi";
   * import { assertEquals } from "@std/assert";
   *
   * const api = fromOpenAPI({
   *   openapi: "3.1.0",
   *   info: { title: "Pets", version: "1" },
   *   servers: [{ url: "https://api.example.com" }],
   *   paths: { "/pets/{id}": { get: { parameters: [{ name: "id", in: "path", required: true }] } } },
   * });
   * assertEquals(api({ url: "/pets/{id}", id: 7 }).url, "https://api.example.com/pets/7");
   * ```
   */
  <const Options extends EndpointOptions | string>(
    options: Options & DescribedObjectOptions<Paths, Options, Provided, Strict>,
    ...route: NotARoute<Options>
  ): RequestOptions<Described<OptionsOperation<Paths, Options>>>;
  /**
   * Builds request options from the defaults alone, for a builder whose
   * defaults carry a `url` (docs/design.md rule 21); without one, a `TypeError`.
   *
   * @example
   * ```ts
   * import { fromOpenAPI } from "@routecast/endpoint/openapi";
   * import { assertEquals } from "@std/assert";
   *
   * const api = fromOpenAPI({
   *   openapi: "3.1.0",
   *   info: { title: "Pets", version: "1" },
   *   servers: [{ url: "https://api.example.com" }],
   *   paths: { "/health": { get: {} } },
   * });
   * assertEquals(api.defaults({ url: "/health" })().url, "https://api.example.com/health");
   * ```
   */
  (): RequestOptions;
  /**
   * Builds request options from a route and parameters. A route that is an
   * operation of a {@linkcode typed} builder's description, as written,
   * takes the operation's parameters wherever they go.
   *
   * @example
   * ```ts
   * import { fromOpenAPI } from "@routecast/endpoint/openapi";
   * import { assertEquals } from "@std/assert";
   *
   * const api = fromOpenAPI({
   *   openapi: "3.1.0",
   *   info: { title: "Pets", version: "1" },
   *   servers: [{ url: "https://api.example.com" }],
   *   paths: { "/pets/{id}": { get: { parameters: [{ name: "id", in: "path", required: true }] } } },
   * });
   * assertEquals(api("GET /pets/{id}", { id: 7 }).url, "https://api.example.com/pets/7");
   * ```
   */
  <Route extends string>(
    route: DescribedRoute<Paths, Route, Strict>,
    ...options: DescribedArguments<Paths, Route, Provided>
  ): RequestOptions<Described<PathsOperation<Paths, Route>>>;
  /** This builder's defaults: a deep-frozen snapshot. */
  readonly DEFAULTS: EndpointDefaults;
  /**
   * Type-only, never set at run time: what tells {@linkcode typed} that
   * this builder places parameters as its description says.
   */
  readonly "~openapi": true | undefined;
  /**
   * Type-only, never set at run time: whether the builder is strict (rule
   * 26), so that {@linkcode typed} keeps it.
   */
  readonly "~strict": Strict | undefined;
  /**
   * Returns a new builder, with the same description, whose defaults are
   * these merged over this builder's; parameters given here are no longer
   * required by its calls.
   */
  defaults<Options extends EndpointOptions>(
    options: Options,
  ): OpenAPIEndpoint<Provided | DefinedKeys<Options>, Paths, Strict>;
  /**
   * Applies the defaults without parsing. Not checked against the route:
   * the result may be completed before `parse`.
   */
  merge<Route extends string>(
    route: Route,
    options?: EndpointOptions,
  ): MergedOptions<Described<PathsOperation<Paths, Route>>>;
  /** Applies the defaults to options that include `url` without parsing. */
  merge<const Options extends EndpointOptions>(
    options: Options,
  ): MergedOptions<Described<OptionsOperation<Paths, Options>>>;
  /** The defaults, merged as for an empty call (`merge({})`). */
  merge(): MergedOptions;
  /** Turns merged options into request options. Stateless. */
  parse<Options extends EndpointOptions>(options: Options): RequestOptions<OperationOf<Options>>;
}
