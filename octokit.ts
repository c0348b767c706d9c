/**
 * routecast's `endpoint` in the flavour of `@octokit/endpoint` 11.0.5
 * (docs/design.md rule 23): the same code as the main entry, configured where
 * the main entry departs from the reference for the spec's sake, so that
 * code written against the reference (above all @octokit/request, which
 * hands `method` to `fetch` as it is) works unchanged:
 *
 * - the result's `method` is upper-case (`"PATCH"`, not `"patch"`);
 * - `mediaType.previews` amend `accept` only for urls ending in `/graphql`;
 * - a path variable without a value expands to nothing.
 *
 * Everything else (RFC 6570-exact expansion, path and header safety, clear
 * errors) is as in the main entry, on the TypeScript template engine only:
 * Octokit's values are short, where the main entry picks that engine anyway,
 * and no WebAssembly bytes come into a browser bundle. The npm package
 * `@routecast/octokit-endpoint` exports this `endpoint`, for an
 * `"overrides": { "@octokit/endpoint": … }` entry.
 *
 * ```ts
 * import { endpoint } from "@routecast/endpoint/octokit";
 * import { assertEquals } from "@std/assert";
 *
 * const { method, url } = endpoint("PATCH /repos/{owner}/{repo}", {
 *   owner: "octocat",
 *   repo: "hello-world",
 *   description: "Hi",
 * });
 * assertEquals(method, "PATCH");
 * assertEquals(url, "https://api.github.com/repos/octocat/hello-world");
 * ```
 *
 * @module
 */

import { compileUrlTemplate } from "./src/uri_template/lite.ts";
import { type Flavour, makeEndpoint, type OctokitEndpoint, ROUTECAST } from "./src/endpoint/kit.ts";

/** The reference's observable behaviour where docs/design.md departs from it (rule 23). */
const OCTOKIT: Flavour = {
  ...ROUTECAST,
  upperCaseMethod: true,
  previews: "graphql",
  requirePathVariables: false,
};

/**
 * Turns a route and parameters into request options as `@octokit/endpoint`
 * returns them (see the main entry for the full description).
 *
 * @example Upper-case methods, previews only for GraphQL
 * ```ts
 * import { endpoint } from "@routecast/endpoint/octokit";
 * import { assertEquals } from "@std/assert";
 *
 * const rest = endpoint("GET /repos/{owner}/{repo}", {
 *   owner: "o",
 *   repo: "r",
 *   mediaType: { previews: ["machine-man"] },
 * });
 * assertEquals(rest.method, "GET");
 * assertEquals(rest.headers.accept, "application/vnd.github.v3+json");
 *
 * const graphql = endpoint("POST /graphql", {
 *   query: "{ viewer { login } }",
 *   mediaType: { previews: ["jean-grey"] },
 * });
 * assertEquals(graphql.headers.accept, "application/vnd.github.jean-grey-preview+json");
 * ```
 *
 * @example A missing path variable expands to nothing, as in the reference
 * ```ts
 * import { endpoint } from "@routecast/endpoint/octokit";
 * import { assertEquals } from "@std/assert";
 *
 * // Typed routes still ask for every path variable; an options object is not checked.
 * const options = { url: "/repos/{owner}/{repo}", owner: "o" };
 * assertEquals(endpoint(options).url, "https://api.github.com/repos/o/");
 * ```
 */
export const endpoint: OctokitEndpoint = makeEndpoint({
  compile: compileUrlTemplate,
  flavour: OCTOKIT,
}) as unknown as OctokitEndpoint; // the same builder, typed as @octokit/types types it
export { VERSION } from "./src/version.ts";
export { typed } from "./src/endpoint/typed.ts";
export type * from "./src/endpoint/types.ts";
export type * from "./src/endpoint/octokit_types.ts";
export { type FetchInit, toFetch } from "./src/adapters/to_fetch.ts";
export { toCurl } from "./src/adapters/to_curl.ts";
