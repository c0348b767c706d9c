/**
 * `typed()`: a builder typed from an API's own description.
 *
 * @module
 */

import { quoteValue } from "./_messages.ts";
import type { Endpoint, GitHubEndpoint, OpenAPIEndpoint } from "./types.ts";
import type { OctokitEndpoint } from "./octokit_types.ts";

/**
 * Returns `builder`, a builder made by `fromOpenAPI`, itself, typed from
 * `Paths`, the `paths` interface openapi-typescript generates from the same
 * description. No runtime effect. Typed as for `endpoint`, but for what
 * such a builder does with a route whose path is exactly a key of `Paths`:
 * it takes query parameters on any method, header and cookie parameters by
 * name, form-urlencoded body fields, and keys named like options as the
 * description declares them (see {@linkcode OpenAPIEndpoint}). A route
 * that is not an operation of `Paths` is a compile-time error, as the
 * strict builder refuses it at run time (rule 26).
 *
 * @param builder A builder made by `fromOpenAPI`, or by its `defaults()`.
 * @returns The same builder.
 * @throws {TypeError} When `builder` is not a request-options builder.
 *
 * @example
 * ```ts
 * import { fromOpenAPI, typed } from "@routecast/endpoint/openapi";
 * import { assertEquals } from "@std/assert";
 *
 * interface paths {
 *   "/api/v1/namespaces/{namespace}/pods": {
 *     post: {
 *       parameters: { path: { namespace: string }; query?: { dryRun?: string } };
 *       requestBody: { content: { "application/json": { metadata: { name: string } } } };
 *       responses: { 201: { content: { "application/json": { kind: string } } } };
 *     };
 *   };
 * }
 * const kube = typed<paths>(fromOpenAPI({
 *   openapi: "3.0.3",
 *   info: { title: "Kubernetes-like", version: "1" },
 *   servers: [{ url: "https://k8s.example.com" }],
 *   paths: {
 *     "/api/v1/namespaces/{namespace}/pods": {
 *       post: {
 *         parameters: [
 *           { name: "namespace", in: "path", required: true },
 *           { name: "dryRun", in: "query" },
 *         ],
 *         requestBody: { content: { "application/json": {} } },
 *         responses: {},
 *       },
 *     },
 *   },
 * }));
 * const created = kube("POST /api/v1/namespaces/{namespace}/pods", {
 *   namespace: "default",
 *   dryRun: "All",
 *   metadata: { name: "web" },
 * });
 * assertEquals(created.url, "https://k8s.example.com/api/v1/namespaces/default/pods?dryRun=All");
 * assertEquals(created.body, { metadata: { name: "web" } });
 * ```
 */
export function typed<Paths>(builder: OpenAPIEndpoint): OpenAPIEndpoint<never, Paths>;
/**
 * Returns `builder`, a builder made by `fromOpenAPI` with `strict: false`,
 * itself, typed from `Paths`: a route that is not an operation of `Paths`
 * is typed as `typed<Paths>(createEndpoint())` types it.
 *
 * @param builder A builder made by `fromOpenAPI(description, { strict: false })`.
 * @returns The same builder.
 * @throws {TypeError} When `builder` is not a request-options builder.
 *
 * @example
 * ```ts
 * import { fromOpenAPI, typed } from "@routecast/endpoint/openapi";
 * import { assertEquals } from "@std/assert";
 *
 * interface paths {
 *   "/items": { get: { parameters: { query?: { limit?: number } }; responses: {} } };
 * }
 * const api = typed<paths>(fromOpenAPI({
 *   openapi: "3.1.0",
 *   info: { title: "Items", version: "1" },
 *   servers: [{ url: "https://api.example.com" }],
 *   paths: { "/items": { get: { parameters: [{ name: "limit", in: "query" }], responses: {} } } },
 * }, { strict: false }));
 * assertEquals(api("GET /health").url, "https://api.example.com/health");
 * ```
 */
export function typed<Paths>(
  builder: OpenAPIEndpoint<never, Record<never, never>, boolean>,
): OpenAPIEndpoint<never, Paths, false>;
/**
 * Returns `./octokit`'s `endpoint` (or a builder made from it) itself,
 * typed from `Paths` as for the main entry's `endpoint`, and still an
 * @octokit/types `EndpointInterface`. No runtime effect.
 *
 * @param builder `./octokit`'s `endpoint` or any builder made from it.
 * @returns The same builder.
 * @throws {TypeError} When `builder` is not a request-options builder.
 *
 * @example
 * ```ts
 * import { endpoint, typed } from "@routecast/endpoint/octokit";
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
 * const github = typed<paths>(endpoint);
 * assertEquals(github("GET /users/{username}", { username: "octocat" }).method, "GET");
 * // @ts-expect-error: username is required by the description
 * github("GET /users/{username}", {});
 * ```
 */
export function typed<Paths>(builder: OctokitEndpoint): OctokitEndpoint<object, Paths>;
/**
 * Returns `builder` itself, typed from `Paths`, the `paths` interface that
 * openapi-typescript generates from an OpenAPI description (GitHub's is
 * published as `@octokit/openapi-types`). No runtime effect.
 *
 * A route the description has (`"<METHOD> <path>"`, the method in any
 * case, `:name` or `{name}`) takes its path parameters (required), query
 * parameters and JSON body properties (required ones required) as one flat
 * object, beside `headers`, `mediaType`, `request`, `baseUrl` and `data`;
 * an unknown key is an error. The result carries the operation for
 * {@linkcode ResponseOf}. Any other route is typed from its text, as by
 * `endpoint`. `defaults()` keeps the typing; call `typed` before it, since
 * `typed` does not know which parameters `builder` has as defaults.
 *
 * @param builder `endpoint` or any builder made from it.
 * @returns The same builder.
 * @throws {TypeError} When `builder` is not a request-options builder.
 *
 * @example
 * ```ts
 * import { endpoint, typed } from "@routecast/endpoint";
 * import { assertEquals, assertStrictEquals } from "@std/assert";
 *
 * interface paths {
 *   "/repos/{owner}/{repo}/issues": {
 *     post: {
 *       parameters: { path: { owner: string; repo: string } };
 *       requestBody: {
 *         content: { "application/json": { title: string; labels?: string[] } };
 *       };
 *       responses: { 201: { content: { "application/json": { number: number } } } };
 *     };
 *   };
 * }
 * const api = typed<paths>(endpoint);
 * assertStrictEquals(api, endpoint);
 * const options = api("POST /repos/{owner}/{repo}/issues", {
 *   owner: "octocat",
 *   repo: "hello-world",
 *   title: "Found a bug",
 * });
 * assertEquals(options.body, { title: "Found a bug" });
 * // @ts-expect-error: title is required by the description
 * api("POST /repos/{owner}/{repo}/issues", { owner: "octocat", repo: "hello-world" });
 * ```
 */
export function typed<Paths>(builder: GitHubEndpoint): GitHubEndpoint<never, Paths>;
/**
 * Returns `builder`, a builder made by `createEndpoint`, itself, typed from
 * `Paths` as for `endpoint`. No runtime effect.
 *
 * @param builder A builder made by `createEndpoint`, or by its `defaults()`.
 * @returns The same builder.
 * @throws {TypeError} When `builder` is not a request-options builder.
 *
 * @example
 * ```ts
 * import { createEndpoint, typed } from "@routecast/endpoint";
 * import { assertEquals } from "@std/assert";
 *
 * interface paths {
 *   "/items": {
 *     post: { requestBody: { content: { "application/json": { name: string } } }; responses: {} };
 *   };
 * }
 * const api = typed<paths>(createEndpoint({ baseUrl: "https://api.example.com" }));
 * assertEquals(api("POST /items", { name: "a" }).body, { name: "a" });
 * // @ts-expect-error: name is required by the description
 * api("POST /items", {});
 * ```
 */
export function typed<Paths>(builder: Endpoint): Endpoint<never, Paths>;
export function typed<Paths>(
  builder:
    | Endpoint
    | OpenAPIEndpoint
    | OpenAPIEndpoint<never, Record<never, never>, boolean>
    | OctokitEndpoint,
):
  | Endpoint<never, Paths>
  | OpenAPIEndpoint<never, Paths>
  | OpenAPIEndpoint<never, Paths, false>
  | OctokitEndpoint<object, Paths> {
  if (typeof builder !== "function" || !("DEFAULTS" in builder)) {
    throw new TypeError(
      `Invalid builder ${
        quoteValue(builder)
      }: expected endpoint or a builder made by endpoint.defaults()`,
    );
  }
  return builder as unknown as Endpoint<never, Paths>;
}
