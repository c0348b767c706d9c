/**
 * The request-options builder over the default template engine.
 *
 * @module
 */

import { parseTemplate } from "../uri_template/mod.ts";
import { createEndpoint, ROUTECAST } from "./_builder.ts";
import type { Endpoint } from "./types.ts";

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
export const endpoint: Endpoint = createEndpoint({
  compile: (template) => parseTemplate(template),
  flavour: ROUTECAST,
});
