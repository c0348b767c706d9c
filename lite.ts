/**
 * routecast's `endpoint` on the TypeScript template engine only: no
 * WebAssembly bytes in this module graph, for size-sensitive browser bundles.
 * It behaves exactly as the main entry.
 *
 * ```ts
 * import { endpoint } from "@routecast/endpoint/lite";
 * import { assertEquals } from "@std/assert";
 *
 * assertEquals(
 *   endpoint("GET /users/{username}", { username: "octocat" }).url,
 *   "https://api.github.com/users/octocat",
 * );
 * ```
 *
 * @module
 */

import { compileUrlTemplate as compile } from "./src/uri_template/lite.ts";
import {
  type EndpointConfig,
  makeEndpoint,
  neutralEndpoint,
  ROUTECAST,
} from "./src/endpoint/kit.ts";
import type { Endpoint, EndpointOptions, GitHubEndpoint } from "./src/endpoint/types.ts";

/**
 * Turns a route and parameters into request options, on the TypeScript
 * template engine (see the main entry for the full description).
 *
 * @example
 * ```ts
 * import { endpoint } from "@routecast/endpoint/lite";
 * import { assertEquals } from "@std/assert";
 *
 * const { method, body } = endpoint("POST /markdown", { text: "# Hi" });
 * assertEquals([method, body], ["post", { text: "# Hi" }]);
 * ```
 */
export const endpoint: GitHubEndpoint = makeEndpoint({
  compile,
  flavour: ROUTECAST,
}) as GitHubEndpoint; // its defaults are GitHub's (GLOBAL_DEFAULTS)

/**
 * Creates a neutral builder for any HTTP API, on the TypeScript template
 * engine (see the main entry's `createEndpoint` for the full description):
 * no defaults but those given, no GitHub `baseUrl`, `accept`, `user-agent`
 * or `q` rule, lists and objects in the query in OpenAPI's forms.
 *
 * @param defaults The builder's defaults, as `endpoint.defaults()` takes them.
 * @param config How the builder writes lists and objects in the query.
 * @returns The builder.
 * @throws {TypeError} For invalid defaults or config.
 *
 * @example
 * ```ts
 * import { createEndpoint } from "@routecast/endpoint/lite";
 * import { assertEquals } from "@std/assert";
 *
 * const api = createEndpoint({ baseUrl: "https://api.example.com" });
 * assertEquals(api("GET /items", { id: [1, 2] }).url, "https://api.example.com/items?id=1&id=2");
 * ```
 */
export function createEndpoint(defaults?: EndpointOptions, config?: EndpointConfig): Endpoint {
  return neutralEndpoint(compile, defaults, config);
}
export type { EndpointConfig };
export { VERSION } from "./src/version.ts";
export type * from "./src/endpoint/types.ts";
export { type FetchInit, toFetch } from "./src/adapters/to_fetch.ts";
export { toCurl } from "./src/adapters/to_curl.ts";
export { typed } from "./src/endpoint/typed.ts";
