/**
 * The request-options builder over the default template engine.
 *
 * @module
 */

import { compileUrlTemplate as compile } from "../uri_template/mod.ts";
import { type EndpointConfig, makeEndpoint, neutralEndpoint, ROUTECAST } from "./_builder.ts";
import type { Endpoint, EndpointOptions, GitHubEndpoint } from "./types.ts";

export type { EndpointConfig };

/**
 * Turns a route and parameters into request options for any HTTP client.
 *
 * - `endpoint(route, options)` / `endpoint(options)`: the request options.
 * - `endpoint.defaults(options)`: a new builder with more defaults.
 * - `endpoint.DEFAULTS`: this builder's defaults (deep-frozen).
 * - `endpoint.merge(route, options)`: defaults applied, not yet parsed.
 * - `endpoint.parse(merged)`: merged options to request options.
 *
 * @example A GET with path and query parameters
 * ```ts
 * import { endpoint } from "@routecast/endpoint";
 * import { assertEquals } from "@std/assert";
 *
 * const options = endpoint("GET /repos/{owner}/{repo}/issues", {
 *   owner: "octocat",
 *   repo: "hello-world",
 *   state: "open",
 *   per_page: 2,
 * });
 * assertEquals(options.method, "get");
 * assertEquals(
 *   options.url,
 *   "https://api.github.com/repos/octocat/hello-world/issues?state=open&per_page=2",
 * );
 * assertEquals(options.headers.accept, "application/vnd.github.v3+json");
 * ```
 *
 * @example A POST with a JSON body, through a builder with defaults
 * ```ts
 * import { endpoint } from "@routecast/endpoint";
 * import { assertEquals } from "@std/assert";
 *
 * const myOrg = endpoint.defaults({
 *   headers: { authorization: "token 0000" },
 *   org: "my-org",
 * });
 * const options = myOrg("POST /orgs/{org}/repos", { name: "new-repo", private: true });
 * assertEquals(options.url, "https://api.github.com/orgs/my-org/repos");
 * assertEquals(options.body, { name: "new-repo", private: true });
 * assertEquals(options.headers.authorization, "token 0000");
 * assertEquals(options.headers["content-type"], "application/json; charset=utf-8");
 * ```
 */
export const endpoint: GitHubEndpoint = makeEndpoint({
  compile,
  flavour: ROUTECAST,
}) as GitHubEndpoint; // its defaults are GitHub's (GLOBAL_DEFAULTS)

/**
 * Creates a neutral builder for any HTTP API: the same builder as
 * {@linkcode endpoint} (callable, `defaults`, `DEFAULTS`, `merge`, `parse`,
 * typed with `typed`), with no defaults but `defaults` and none of GitHub's:
 *
 * - no default `baseUrl`: a path url without one (per call or in the
 *   defaults) is a `TypeError`, so a credential meant for one API is never
 *   sent to another;
 * - no default `accept` or `user-agent` (a body still gets its
 *   `content-type`); `mediaType.format` amends `application/vnd.*` parts of
 *   `accept`, and `mediaType.previews` (GitHub's) is a `TypeError`;
 * - no `q` rule: `q` is a parameter like any other;
 * - remaining parameters of GET and HEAD go to the query in OpenAPI's
 *   default form: a list repeats its name (`id=1&id=2`), a plain object is
 *   a deepObject (`filter[status]=open`; nested lists and objects are a
 *   `TypeError`), names and values percent-encoded as RFC 6570 `{?x}`
 *   encodes them (`+` is `%2B`). `config` picks other forms for the whole
 *   builder; no request option does.
 *
 * @param defaults The builder's defaults, as `endpoint.defaults()` takes them.
 * @param config How the builder writes lists and objects in the query.
 * @returns The builder.
 * @throws {TypeError} For invalid defaults, or a config that is not
 * `{ lists?, objects? }` with the forms listed.
 *
 * @example A builder for one API, with OpenAPI's query forms
 * ```ts
 * import { createEndpoint } from "@routecast/endpoint";
 * import { assertEquals } from "@std/assert";
 *
 * const stripe = createEndpoint({
 *   baseUrl: "https://api.stripe.com",
 *   headers: { authorization: "Bearer sk_test_0000" },
 * });
 * const { url, headers } = stripe("GET /v1/charges", {
 *   created: { gte: 1700000000 },
 *   expand: ["data.customer", "data.invoice"],
 * });
 * assertEquals(
 *   url,
 *   "https://api.stripe.com/v1/charges?created%5Bgte%5D=1700000000&expand=data.customer&expand=data.invoice",
 * );
 * assertEquals(headers, { authorization: "Bearer sk_test_0000" });
 * ```
 *
 * @example Other query forms, and no baseUrl
 * ```ts
 * import { createEndpoint } from "@routecast/endpoint";
 * import { assertEquals, assertThrows } from "@std/assert";
 *
 * const api = createEndpoint({ baseUrl: "https://api.example.com" }, { lists: "comma" });
 * assertEquals(api("GET /items", { id: [1, 2] }).url, "https://api.example.com/items?id=1,2");
 * assertThrows(() => createEndpoint()("GET /items"), TypeError, "Missing baseUrl");
 * ```
 */
export function createEndpoint(defaults?: EndpointOptions, config?: EndpointConfig): Endpoint {
  return neutralEndpoint(compile, defaults, config);
}
