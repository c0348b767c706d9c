/**
 * routecast turns a route (`"POST /repos/{owner}/{repo}/issues"`) and
 * parameters into request options (`{ method, url, headers, body, request }`)
 * that any HTTP client can send. It sends nothing itself.
 *
 * ```ts
 * import { endpoint } from "@routecast/endpoint";
 * import { assertEquals } from "@std/assert";
 *
 * const { method, url, body } = endpoint("POST /repos/{owner}/{repo}/issues", {
 *   owner: "octocat",
 *   repo: "hello-world",
 *   title: "Found a bug",
 * });
 * assertEquals(method, "post");
 * assertEquals(url, "https://api.github.com/repos/octocat/hello-world/issues");
 * assertEquals(body, { title: "Found a bug" });
 * ```
 *
 * @module
 */

export { createEndpoint, endpoint, type EndpointConfig } from "./src/endpoint/mod.ts";
export { VERSION } from "./src/version.ts";
export { type FetchInit, toFetch } from "./src/adapters/to_fetch.ts";
export { toCurl } from "./src/adapters/to_curl.ts";
export { typed } from "./src/endpoint/typed.ts";
export type {
  Endpoint,
  EndpointDefaults,
  EndpointOptions,
  GitHubDefaults,
  GitHubEndpoint,
  MediaType,
  MergedOptions,
  OpenAPIEndpoint,
  OperationOf,
  RequestHeaders,
  RequestMeta,
  RequestMethod,
  RequestOptions,
  ResponseHeaders,
  ResponseOf,
  RouteArguments,
  RouteOptions,
  RouteRequiredNames,
  RouteValue,
} from "./src/endpoint/types.ts";
