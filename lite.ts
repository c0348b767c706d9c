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

import { BoundedCache } from "./src/_cache.ts";
import { ParsedTemplate } from "./src/uri_template/_template.ts";
import { tsEngine } from "./src/uri_template/_ts_engine.ts";
import { createEndpoint, ROUTECAST } from "./src/endpoint/_builder.ts";
import type { Endpoint } from "./src/endpoint/types.ts";

const templates = new BoundedCache((template) => new ParsedTemplate(template, tsEngine));

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
  compile: (template) => templates.get(template),
  flavour: ROUTECAST,
});
export { VERSION } from "./src/_version.ts";
export type * from "./src/endpoint/types.ts";
export { type FetchInit, toFetch } from "./src/adapters/to_fetch.ts";
export { toCurl } from "./src/adapters/to_curl.ts";
