/**
 * Request options that are right on the wire for any API that publishes an
 * OpenAPI 3.0 or 3.1 description (docs/design.md rule 25), or a Swagger 2.0
 * one (rule 27): `fromOpenAPI`
 * makes a builder that knows the description's operations, and writes every
 * parameter where the description puts it (path, query on any method,
 * header, cookie, body), in its `style`, `explode` and `allowReserved`,
 * with a JSON or form-urlencoded body as the operation takes it and the
 * `baseUrl` of its `servers` (`server` and `serverVariables` choose and fill
 * one). Other routes are a `TypeError` that names the nearest operations
 * (rule 26); with `strict: false`, they are built as `createEndpoint`
 * builds them.
 *
 * For browsers, the description need not ship: `compileOpenAPI` (or
 * `routecast openapi description.json`) writes the small table the builder
 * reads, and `fromOpenAPITable` makes the same builder from it.
 *
 * This entry runs on the TypeScript template engine (no WebAssembly in its
 * module graph).
 *
 * ```ts
 * import { fromOpenAPI } from "@routecast/endpoint/openapi";
 * import { assertEquals } from "@std/assert";
 *
 * const api = fromOpenAPI({
 *   openapi: "3.0.3",
 *   info: { title: "Shop", version: "1" },
 *   servers: [{ url: "https://shop.example.com/v1" }],
 *   paths: {
 *     "/orders": {
 *       get: {
 *         parameters: [
 *           { name: "status", in: "query", schema: { type: "array", items: { type: "string" } } },
 *           { name: "created", in: "query", style: "deepObject", explode: true, schema: { type: "object" } },
 *         ],
 *         responses: { 200: { description: "OK" } },
 *       },
 *     },
 *   },
 * });
 * const { url } = api("GET /orders", { status: ["open", "paid"], created: { gte: 1700000000 } });
 * assertEquals(
 *   url,
 *   "https://shop.example.com/v1/orders?status=open&status=paid&created%5Bgte%5D=1700000000",
 * );
 * ```
 *
 * @module
 */

import type { EndpointConfig } from "../endpoint/kit.ts";
import type { EndpointOptions, OpenAPIEndpoint } from "../endpoint/types.ts";
import { compileDescription } from "./_compile.ts";
import { builder, tableContents } from "./kit.ts";
import { type OpenAPITable, readTable } from "./_table.ts";

export type { OpenAPIEndpoint, OpenAPITable };
export { typed } from "../endpoint/typed.ts";
export type {
  BodyDeclaration,
  EncodingDeclaration,
  OperationDeclaration,
  ParameterDeclaration,
  ParameterLocation,
  ParameterStyle,
  ServerDeclaration,
} from "./_declarations.ts";
export type { EndpointConfig };
export type { SchemeDeclaration, SecurityDeclaration } from "./_credentials.ts";

/**
 * Options of `fromOpenAPI` and `fromOpenAPITable`.
 *
 * @example
 * ```ts
 * import type { OpenAPIOptions } from "@routecast/endpoint/openapi";
 *
 * const options: OpenAPIOptions = {
 *   baseUrl: "https://sandbox.example.com",
 *   defaults: { headers: { authorization: "Bearer 0000" } },
 *   config: { lists: "comma" },
 * };
 * ```
 */
export interface OpenAPIOptions {
  /**
   * The base URL, over the one the description's `servers` give (needed
   * when they give a relative one, or none). An absolute URL without a
   * query or fragment, checked when the builder is made.
   */
  readonly baseUrl?: string;
  /** The builder's defaults, as `endpoint.defaults()` takes them. */
  readonly defaults?: EndpointOptions;
  /** Query forms for routes that are not operations of the description (see `createEndpoint`), with `strict: false`. */
  readonly config?: EndpointConfig;
  /**
   * Credentials by the description's security scheme name
   * (`components.securitySchemes`): a string (an apiKey, a bearer, oauth2 or
   * openIdConnect token, another `http` scheme's credentials), or
   * `{ username, password }` for `http` `basic`. Each operation gets those
   * of the first of its `security` alternatives that they satisfy, and
   * nothing else; a header the caller sets wins. Copied when the builder is
   * made, and never shown (not in `DEFAULTS`, tables or messages).
   *
   * @example
   * ```ts
   * import { fromOpenAPI } from "@routecast/endpoint/openapi";
   * import { assertEquals } from "@std/assert";
   *
   * const api = fromOpenAPI({
   *   openapi: "3.1.0",
   *   info: { title: "Tfl-like", version: "1" },
   *   servers: [{ url: "https://api.example.com" }],
   *   components: { securitySchemes: { appKey: { type: "apiKey", in: "query", name: "app_key" } } },
   *   security: [{ appKey: [] }],
   *   paths: { "/lines": { get: { responses: {} } }, "/status": { get: { security: [], responses: {} } } },
   * }, { credentials: { appKey: "k 1" } });
   * assertEquals(api("GET /lines").url, "https://api.example.com/lines?app_key=k%201");
   * assertEquals(api("GET /status").url, "https://api.example.com/status");
   * ```
   */
  readonly credentials?: {
    readonly [scheme: string]:
      | string
      | { readonly username: string; readonly password: string }
      | undefined;
  };
  /**
   * Which of the description's `servers` is the base url: its index, or its
   * url exactly as written. Path- and operation-level servers keep their own.
   *
   * @default 0
   * @example `{ server: "https://{region}.api.example.com" }`
   */
  readonly server?: number | string;
  /**
   * Values for the servers' `{variables}`, by name: one of the variable's
   * `enum` when it has one; a non-empty string other than `.` or `..`
   * without `/`, `?`, `#`, `@`, `\`, `%`, whitespace or control characters.
   * Variables not given take their defaults; path- and operation-level
   * servers with a variable of the same name take it too.
   *
   * @example `{ serverVariables: { region: "eu" } }`
   */
  readonly serverVariables?: { readonly [name: string]: string };
  /**
   * Whether a route that is not an operation of the description, or a key
   * that the operation's body cannot take, is a `TypeError` (the default);
   * `false` builds such calls as `createEndpoint` builds them.
   *
   * @default true
   * @example `{ strict: false }`
   */
  readonly strict?: boolean;
}

/**
 * Reads an OpenAPI 3.0 or 3.1 description, or a Swagger 2.0 one, into the
 * table a builder reads (one table for both versions):
 * for each operation (`"<METHOD> <path>"`), its parameters' locations and
 * styles, its body's media type and form encoding, and its server. Write it
 * to a file at build time, and ship it instead of the description.
 *
 * A problem in one operation (a `$ref` that leads nowhere or loops, a
 * parameter the builder cannot write, a media type that is not one, a
 * server that can be no base url) is recorded as that operation's `error`,
 * which a call of its route throws; the others work. Only own properties are
 * read, without recursion, in time linear in the description.
 *
 * @param description A parsed OpenAPI 3.0.x or 3.1.x document, or a
 * Swagger 2.0 one.
 * @returns The table, plain JSON data.
 * @throws {TypeError} For a value that is not an OpenAPI 3.0 or 3.1 or a
 * Swagger 2.0 description, `paths` that is not an object, or a first server
 * (Swagger 2.0's `host`, `basePath` and `schemes`) that can be no base url
 * (another scheme than `http:` or `https:`, userinfo, a query or a fragment).
 *
 * @example
 * ```ts
 * import { compileOpenAPI } from "@routecast/endpoint/openapi";
 * import { assertEquals } from "@std/assert";
 *
 * const table = compileOpenAPI({
 *   openapi: "3.1.0",
 *   info: { title: "Items", version: "1" },
 *   servers: [{ url: "https://api.example.com" }],
 *   paths: {
 *     "/items": {
 *       get: { parameters: [{ name: "id", in: "query", explode: false }], responses: {} },
 *     },
 *   },
 * });
 * assertEquals(table, {
 *   format: "routecast-openapi-table/1",
 *   server: "https://api.example.com",
 *   operations: { "GET /items": { parameters: [{ in: "query", name: "id", explode: false }] } },
 * });
 * ```
 */
export function compileOpenAPI(description: object): OpenAPITable {
  return compileDescription(description);
}

/**
 * Makes a builder from an operation table that `compileOpenAPI` (or
 * `routecast openapi`) wrote: the same builder `fromOpenAPI` makes from the
 * description, without shipping the description.
 *
 * @param table The table (a copy is kept: changing it later changes nothing).
 * @param options The base URL, defaults and query config.
 * @returns The builder.
 * @throws {TypeError} For a table `compileOpenAPI` could not have written, or invalid options.
 *
 * @example
 * ```ts
 * import { fromOpenAPITable } from "@routecast/endpoint/openapi";
 * import { assertEquals } from "@std/assert";
 *
 * const api = fromOpenAPITable({
 *   format: "routecast-openapi-table/1",
 *   server: "https://api.example.com",
 *   operations: { "GET /items": { parameters: [{ in: "query", name: "id", explode: false }] } },
 * });
 * assertEquals(api("GET /items", { id: [1, 2] }).url, "https://api.example.com/items?id=1,2");
 * ```
 */
export function fromOpenAPITable(
  table: OpenAPITable,
  options?: OpenAPIOptions & { readonly strict?: true },
): OpenAPIEndpoint;
/**
 * Makes a builder from an operation table with options whose `strict` may
 * be `false`: routes outside the table are then built as `createEndpoint`
 * builds them.
 *
 * @param table The table.
 * @param options The base URL, server, defaults, query config and strictness.
 * @returns The builder.
 * @throws {TypeError} For a table `compileOpenAPI` could not have written, or invalid options.
 *
 * @example
 * ```ts
 * import { fromOpenAPITable } from "@routecast/endpoint/openapi";
 * import { assertEquals } from "@std/assert";
 *
 * const api = fromOpenAPITable({
 *   format: "routecast-openapi-table/1",
 *   server: "https://api.example.com",
 *   operations: { "GET /items": {} },
 * }, { strict: false });
 * assertEquals(api("GET /health").url, "https://api.example.com/health");
 * ```
 */
export function fromOpenAPITable(
  table: OpenAPITable,
  options?: OpenAPIOptions,
): OpenAPIEndpoint<never, Record<never, never>, boolean>;
export function fromOpenAPITable(
  table: OpenAPITable,
  options?: OpenAPIOptions,
): OpenAPIEndpoint | OpenAPIEndpoint<never, Record<never, never>, boolean> {
  return builder(readTable(table), options);
}

/**
 * Makes a builder that knows the operations of an OpenAPI 3.0 or 3.1
 * description, or a Swagger 2.0 one (read as the OpenAPI 3 document it
 * describes: `collectionFormat` as a style, `formData` as a form or
 * multipart body, a `body` parameter as the body, `host`, `basePath` and
 * `schemes` as the server; a parameter's `default` is not sent). A call whose route is `"<METHOD> <path>"`, with the path
 * exactly as the description's `paths` names it, is built as that
 * operation's parameters say:
 *
 * - path parameters in their `style` and `explode` (`simple`, `label`,
 *   `matrix`), as RFC 6570 writes them; every one is required;
 * - query parameters on every method, in `form` (exploded or not),
 *   `spaceDelimited`, `pipeDelimited` or `deepObject`, with `allowReserved`;
 * - header parameters into `headers`, cookie parameters into one `cookie`
 *   header;
 * - everything else into the body: JSON when the operation takes a JSON
 *   type (or a wildcard, or says nothing), a form string when it takes
 *   `application/x-www-form-urlencoded`, with that content type unless the
 *   caller set one; `data` replaces the body, as for every builder.
 *
 * A key the operation declares is that parameter even when it is named like
 * an option (`url`, `data`): set such options with `defaults()`. The default
 * `baseUrl` is the operation's server, else the description's first one: an
 * absolute `http:` or `https:` URL, a relative one of an operation resolved
 * against the description's.
 * Other routes are a `TypeError` naming the nearest operations, and so is
 * a key that the operation's body cannot take (rule 26), unless `strict`
 * is `false`: they are then built as `createEndpoint` builds them. Values are not
 * checked against schemas: `typed()` does that at compile time.
 *
 * Making the builder reads only the description's version, first server
 * and which operations each path has; an operation's path item is compiled
 * when one of its operations is first called (or `merge()`d), so a large
 * description costs little until it is used (a Swagger 2.0 one too; with
 * `server` or `serverVariables`, the operations with servers of their own
 * are compiled at once). Keep the description unchanged
 * after this call (a table is copied instead).
 *
 * @param description A parsed OpenAPI 3.0 or 3.1 document, a Swagger 2.0
 * one, or a table `compileOpenAPI` wrote.
 * @param options The base URL, defaults and query config.
 * @returns The builder.
 * @throws {TypeError} For a value that is not an OpenAPI 3.0 or 3.1 or a
 * Swagger 2.0 description, a first server that can be no base url, or
 * invalid options.
 * A problem in one operation is thrown when its route is called.
 *
 * @example Stripe-like: deepObject ranges, a form body with a field named `url`
 * ```ts
 * import { fromOpenAPI } from "@routecast/endpoint/openapi";
 * import { assertEquals } from "@std/assert";
 *
 * const stripe = fromOpenAPI({
 *   openapi: "3.0.0",
 *   info: { title: "Stripe-like", version: "1" },
 *   servers: [{ url: "https://api.stripe.com/" }],
 *   paths: {
 *     "/v1/webhook_endpoints": {
 *       post: {
 *         requestBody: {
 *           content: {
 *             "application/x-www-form-urlencoded": {
 *               schema: {
 *                 type: "object",
 *                 properties: { url: { type: "string" }, enabled_events: { type: "array" } },
 *               },
 *               encoding: { enabled_events: { style: "deepObject", explode: true } },
 *             },
 *           },
 *         },
 *         responses: {},
 *       },
 *     },
 *   },
 * });
 * const created = stripe("POST /v1/webhook_endpoints", {
 *   url: "https://example.com/hook",
 *   enabled_events: ["charge.succeeded"],
 * });
 * assertEquals(created.url, "https://api.stripe.com/v1/webhook_endpoints");
 * assertEquals(created.body, "url=https%3A%2F%2Fexample.com%2Fhook&enabled_events=charge.succeeded");
 * assertEquals(created.headers["content-type"], "application/x-www-form-urlencoded");
 * ```
 *
 * @example Swagger 2.0, Docker-like: a body parameter, a header, a multi list
 * ```ts
 * import { fromOpenAPI } from "@routecast/endpoint/openapi";
 * import { assertEquals } from "@std/assert";
 *
 * const docker = fromOpenAPI({
 *   swagger: "2.0",
 *   info: { title: "Docker-like", version: "1.56" },
 *   basePath: "/v1.56",
 *   paths: {
 *     "/containers/create": {
 *       post: {
 *         parameters: [
 *           { name: "name", in: "query", type: "string" },
 *           { name: "body", in: "body", schema: { type: "object" } },
 *           { name: "X-Registry-Auth", in: "header", type: "string" },
 *         ],
 *         responses: {},
 *       },
 *     },
 *   },
 * }, { baseUrl: "http://localhost:2375/v1.56" });
 * const created = docker("POST /containers/create", {
 *   name: "web",
 *   body: { Image: "nginx" },
 *   "X-Registry-Auth": "e30=",
 * });
 * assertEquals(created.url, "http://localhost:2375/v1.56/containers/create?name=web");
 * assertEquals(created.body, { Image: "nginx" });
 * assertEquals(created.headers["x-registry-auth"], "e30=");
 * ```
 *
 * @example Kubernetes-like: a query parameter on a POST, a JSON merge patch
 * ```ts
 * import { fromOpenAPI } from "@routecast/endpoint/openapi";
 * import { assertEquals } from "@std/assert";
 *
 * const kube = fromOpenAPI({
 *   openapi: "3.0.0",
 *   info: { title: "Kubernetes-like", version: "1" },
 *   paths: {
 *     "/api/v1/namespaces/{namespace}/pods/{name}": {
 *       parameters: [
 *         { name: "namespace", in: "path", required: true, schema: { type: "string" } },
 *         { name: "name", in: "path", required: true, schema: { type: "string" } },
 *       ],
 *       patch: {
 *         parameters: [{ name: "dryRun", in: "query", schema: { type: "string" } }],
 *         requestBody: { content: { "application/merge-patch+json": { schema: { type: "object" } } } },
 *         responses: {},
 *       },
 *     },
 *   },
 * }, { baseUrl: "https://kubernetes.local:6443" });
 * const patch = kube("PATCH /api/v1/namespaces/{namespace}/pods/{name}", {
 *   namespace: "default",
 *   name: "web-0",
 *   dryRun: "All",
 *   metadata: { labels: { tier: "web" } },
 * });
 * assertEquals(patch.url, "https://kubernetes.local:6443/api/v1/namespaces/default/pods/web-0?dryRun=All");
 * assertEquals(patch.body, { metadata: { labels: { tier: "web" } } });
 * assertEquals(patch.headers["content-type"], "application/merge-patch+json");
 * ```
 */
export function fromOpenAPI(
  description: object | OpenAPITable,
  options?: OpenAPIOptions & { readonly strict?: true },
): OpenAPIEndpoint;
/**
 * Makes a builder with options whose `strict` may be `false` (then not strict): a route that is not
 * an operation of the description, or a key its body cannot take, is built
 * as `createEndpoint` builds it, and `typed<paths>()` types such routes as
 * for `createEndpoint`.
 *
 * @param description A parsed OpenAPI 3.0 or 3.1 document, or a table.
 * @param options The options, `strict` among them.
 * @returns The builder.
 * @throws {TypeError} As for a strict builder.
 *
 * @example
 * ```ts
 * import { fromOpenAPI } from "@routecast/endpoint/openapi";
 * import { assertEquals } from "@std/assert";
 *
 * const api = fromOpenAPI({
 *   openapi: "3.1.0",
 *   info: { title: "Items", version: "1" },
 *   servers: [{ url: "https://api.example.com" }],
 *   paths: { "/items": { get: {} } },
 * }, { strict: false });
 * assertEquals(api("GET /health", { verbose: 1 }).url, "https://api.example.com/health?verbose=1");
 * ```
 */
export function fromOpenAPI(
  description: object | OpenAPITable,
  options?: OpenAPIOptions,
): OpenAPIEndpoint<never, Record<never, never>, boolean>;
export function fromOpenAPI(
  description: object | OpenAPITable,
  options?: OpenAPIOptions,
): OpenAPIEndpoint | OpenAPIEndpoint<never, Record<never, never>, boolean> {
  // Each path item of a description is compiled when one of its operations is first called.
  return builder(tableContents(description), options);
}
