/**
 * The base types of the options: what every other type module builds on
 * (`types.ts`, `_route_types.ts`, `_openapi_types.ts`), kept apart so that
 * they import it without an import circle. `types.ts` exports them.
 *
 * @module
 */

/**
 * An HTTP method; any HTTP token is accepted, these are the usual ones.
 *
 * @example
 * ```ts
 * import { endpoint, type RequestMethod } from "@routecast/endpoint";
 * import { assertEquals } from "@std/assert";
 *
 * const method: RequestMethod = "PROPFIND";
 * assertEquals(endpoint({ method, url: "/files" }).method, "propfind");
 * ```
 */
export type RequestMethod =
  | "DELETE"
  | "GET"
  | "HEAD"
  | "OPTIONS"
  | "PATCH"
  | "POST"
  | "PUT"
  // deno-lint-ignore ban-types
  | (string & {});

/**
 * Request headers: names in any case (they are lowercased), values strings
 * or numbers; `undefined` keeps a default, `null` removes it.
 *
 * @example
 * ```ts
 * import { endpoint, type RequestHeaders, VERSION } from "@routecast/endpoint";
 * import { assertEquals } from "@std/assert";
 *
 * const headers: RequestHeaders = { Authorization: "token 0000", accept: null, "user-agent": undefined };
 * assertEquals(endpoint("GET /user", { headers }).headers, {
 *   authorization: "token 0000",
 *   "user-agent": `routecast/${VERSION}`,
 * });
 * ```
 */
export type RequestHeaders = {
  readonly [name: string]: string | number | null | undefined;
};

/**
 * Headers in a result: lowercase names, string or number values.
 *
 * @example
 * ```ts
 * import { endpoint, type ResponseHeaders } from "@routecast/endpoint";
 * import { assertEquals } from "@std/assert";
 *
 * const headers: ResponseHeaders = endpoint("GET /user", { headers: { "X-Retry": 3 } }).headers;
 * assertEquals(headers["x-retry"], 3);
 * ```
 */
export type ResponseHeaders = Record<string, string | number>;

/**
 * `mediaType` option: amends the `accept` header.
 *
 * @example
 * ```ts
 * import { endpoint, type MediaType } from "@routecast/endpoint";
 * import { assertEquals } from "@std/assert";
 *
 * const mediaType: MediaType = { format: "diff" };
 * const options = endpoint("GET /repos/{owner}/{repo}/pulls/{pull_number}", {
 *   owner: "octocat",
 *   repo: "hello-world",
 *   pull_number: 1,
 *   mediaType,
 * });
 * assertEquals(options.headers.accept, "application/vnd.github.v3.diff");
 * ```
 */
export interface MediaType {
  /**
   * A media-type parameter such as `raw`, `diff` or `text+json`.
   *
   * @default {""}
   * @example `{ format: "raw" }` turns `application/vnd.github.v3+json` into `application/vnd.github.v3.raw`.
   */
  readonly format?: string;
  /**
   * API preview names (`-preview` suffix optional), merged with the defaults'.
   *
   * @default {[]}
   * @example `{ previews: ["squirrel-girl"] }` asks for `application/vnd.github.squirrel-girl-preview+json`.
   */
  readonly previews?: readonly string[];
}

/**
 * Custom meta information passed through to the result unchanged.
 *
 * @example
 * ```ts
 * import { endpoint, type RequestMeta } from "@routecast/endpoint";
 * import { assertStrictEquals } from "@std/assert";
 *
 * const request: RequestMeta = { timeout: 5000 };
 * assertStrictEquals(endpoint("GET /user", { request }).request, request);
 * ```
 */
export type RequestMeta = { readonly [key: string]: unknown };

/**
 * Options for `endpoint()`, `endpoint.merge()` and `endpoint.defaults()`.
 * Any other key is a parameter: a url variable, else a query parameter (GET,
 * HEAD), else a JSON body key.
 *
 * @example
 * ```ts
 * import { endpoint, type EndpointOptions } from "@routecast/endpoint";
 * import { assertEquals } from "@std/assert";
 *
 * const options: EndpointOptions = { method: "POST", url: "/markdown", text: "# Hi" };
 * assertEquals(endpoint(options).body, { text: "# Hi" });
 * ```
 */
export interface EndpointOptions {
  /**
   * The HTTP method.
   *
   * @default {"GET"}
   * @example `"POST"`
   */
  readonly method?: RequestMethod;
  /**
   * A path or full URL, an RFC 6570 template; `:name` is read as `{name}`.
   *
   * @example `"/repos/{owner}/{repo}/issues"`
   */
  readonly url?: string;
  /**
   * Prefix for a url that is a path.
   *
   * @default {"https://api.github.com"}
   * @example `"https://github.example.com/api/v3"`
   */
  readonly baseUrl?: string;
  /**
   * Headers merged over the defaults.
   *
   * @example `{ authorization: "token ghp_xxx" }`
   */
  readonly headers?: RequestHeaders;
  /**
   * Amends the `accept` header.
   *
   * @example `{ format: "diff" }`
   */
  readonly mediaType?: MediaType;
  /**
   * The request body as it is, in place of a JSON body built from parameters
   * (not allowed on GET and HEAD).
   *
   * @example `"# Hello"` with `headers: { "content-type": "text/plain" }`
   */
  readonly data?: unknown;
  /**
   * Meta information returned unchanged in the result.
   *
   * @example `{ timeout: 5000 }`
   */
  readonly request?: RequestMeta;
  /** Any other key: a url variable, a query parameter or a body key. */
  readonly [parameter: string]: unknown;
}
