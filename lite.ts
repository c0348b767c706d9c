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

import { parseTemplate } from "./src/uri_template/lite.ts";
import { createEndpoint, ROUTECAST } from "./src/endpoint/_builder.ts";
import type { Endpoint } from "./src/endpoint/types.ts";

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
export const endpoint: Endpoint = createEndpoint({
  compile: (template) => parseTemplate(template),
  flavour: ROUTECAST,
});
export { VERSION } from "./src/_version.ts";
export type * from "./src/endpoint/types.ts";
export { type FetchInit, toFetch } from "./src/adapters/to_fetch.ts";
export { toCurl } from "./src/adapters/to_curl.ts";
export { typed } from "./src/endpoint/typed.ts";
