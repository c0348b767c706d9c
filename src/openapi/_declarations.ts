/**
 * The declarations of the operation table (docs/design.md rule 25): what an
 * OpenAPI description says about one operation's parameters and body, in
 * plain, JSON-ready form. `compileOpenAPI` writes them, `fromOpenAPITable`
 * checks them, `_operation.ts` plans them and `_values.ts` writes their values.
 *
 * @module
 */

import type { SchemeDeclaration } from "./_credentials.ts";

/**
 * Where a parameter goes (OpenAPI's `in`).
 *
 * @example
 * ```ts
 * import type { ParameterLocation } from "@routecast/endpoint/openapi";
 *
 * const where: ParameterLocation = "cookie";
 * ```
 */
export type ParameterLocation = "path" | "query" | "header" | "cookie";

/**
 * OpenAPI's `style` values that routecast writes.
 *
 * @example
 * ```ts
 * import type { ParameterStyle } from "@routecast/endpoint/openapi";
 *
 * const style: ParameterStyle = "pipeDelimited";
 * ```
 */
export type ParameterStyle =
  | "simple"
  | "label"
  | "matrix"
  | "form"
  | "spaceDelimited"
  | "pipeDelimited"
  | "deepObject";

/**
 * One parameter of an operation, in OpenAPI's terms, with the defaults left
 * out (`style` by location, `explode` true for `form` only).
 *
 * @example
 * ```ts
 * import type { ParameterDeclaration } from "@routecast/endpoint/openapi";
 *
 * const created: ParameterDeclaration = { in: "query", name: "created", style: "deepObject", explode: true };
 * ```
 */
export interface ParameterDeclaration {
  /** Where the parameter goes. */
  readonly in: ParameterLocation;
  /** Its name, as the caller passes it. */
  readonly name: string;
  /** Its style, when not the location's default (`simple` for path and header, `form` else). */
  readonly style?: ParameterStyle;
  /** Whether lists and objects are exploded, when not the style's default (true for `form`). */
  readonly explode?: boolean;
  /** A query parameter's reserved characters pass unencoded. */
  readonly allowReserved?: boolean;
  /** Written as its JSON text (`content` of a JSON media type) instead of by style. */
  readonly json?: boolean;
  /** A list joined into one value by this (Swagger 2.0's `ssv`, `tsv`, `pipes` where no style says it). */
  readonly separator?: " " | "\t" | "|";
}

/**
 * How one property of a form or multipart body is written (OpenAPI's
 * Encoding Object).
 *
 * @example
 * ```ts
 * import type { EncodingDeclaration } from "@routecast/endpoint/openapi";
 *
 * const metadata: EncodingDeclaration = { style: "deepObject", explode: true };
 * ```
 */
export interface EncodingDeclaration {
  /** The property's style, as a query parameter's. */
  readonly style?: ParameterStyle;
  /** Whether lists and objects are exploded. */
  readonly explode?: boolean;
  /** Reserved characters pass unencoded. */
  readonly allowReserved?: boolean;
  /** Written as JSON text (an encoding `contentType` of a JSON media type). */
  readonly json?: boolean;
  /** A multipart part's type for bytes and JSON: the encoding's first `contentType`. */
  readonly contentType?: string;
  /** A list joined into one value by this (Swagger 2.0's `tsv`). */
  readonly separator?: " " | "\t" | "|";
}

/**
 * An operation's request body.
 *
 * @example
 * ```ts
 * import type { BodyDeclaration } from "@routecast/endpoint/openapi";
 *
 * const form: BodyDeclaration = { type: "application/x-www-form-urlencoded", kind: "form", fields: ["url"] };
 * ```
 */
export interface BodyDeclaration {
  /** The content type a body goes with: the first JSON type listed, the form type, or the first listed. */
  readonly type: string;
  /**
   * How parameters become the body: `"json"` members (the default), a
   * `"form"` string, a `"multipart"` `FormData`, or `"data"`: the operation
   * takes only media types routecast does not write (binary, XML), so the
   * body is `data`.
   */
  readonly kind?: "json" | "form" | "multipart" | "data";
  /** For a form body: how each named property is written. */
  readonly encoding?: { readonly [property: string]: EncodingDeclaration };
  /**
   * Present when the operation lists `multipart/form-data`: how each part
   * is written (a caller's `content-type` of that type chooses it).
   */
  readonly multipart?: { readonly [property: string]: EncodingDeclaration };
  /** Top-level body properties named like a named option (`url`, `data`): parameters here. */
  readonly fields?: readonly string[];
  /**
   * The body schema's top-level properties, when it allows no others
   * (`additionalProperties: false`): a strict builder refuses other keys.
   */
  readonly closed?: readonly string[];
  /** The key whose value is the whole body (Swagger 2.0's `body` parameter, by its name). */
  readonly parameter?: string;
}

/**
 * A server as the description writes it: its url, `{variables}` and all,
 * and each variable's default and allowed values.
 *
 * @example
 * ```ts
 * import type { ServerDeclaration } from "@routecast/endpoint/openapi";
 *
 * const regional: ServerDeclaration = {
 *   url: "https://{region}.api.example.com/v1",
 *   variables: { region: { default: "eu", enum: ["eu", "us"] } },
 * };
 * ```
 */
export interface ServerDeclaration {
  /** The url, with its `{variables}`. */
  readonly url: string;
  /** Its variables by name: each one's `default` and `enum`, when given as strings. */
  readonly variables?: {
    readonly [name: string]: { readonly default?: string; readonly enum?: readonly string[] };
  };
}

/**
 * An operation: its parameters in order, its body, and its own server.
 *
 * @example
 * ```ts
 * import type { OperationDeclaration } from "@routecast/endpoint/openapi";
 *
 * const dryRun: OperationDeclaration = {
 *   parameters: [{ in: "path", name: "namespace" }, { in: "query", name: "dryRun" }],
 *   body: { type: "application/json" },
 * };
 * ```
 */
export interface OperationDeclaration {
  /** The parameters, the operation's own first, then its path's. */
  readonly parameters?: readonly ParameterDeclaration[];
  /** The request body, when the operation takes one. */
  readonly body?: BodyDeclaration;
  /** The operation's (or its path's) first server url, when not the description's. */
  readonly server?: string;
  /**
   * Its own security requirements, when not the description's: alternatives,
   * each the names of the schemes it needs together (`[]`: none).
   */
  readonly security?: readonly (readonly string[])[];
  /**
   * That server as written, when `server` and `serverVariables` options can
   * change it: it has variables, is relative, or the description lists
   * servers to choose from.
   */
  readonly servers?: readonly [ServerDeclaration];
  /**
   * What is wrong with the operation in the description, reported when the
   * route is called (the description's other operations work).
   */
  readonly error?: string;
}

/**
 * The operations of a description, each compiled when it is first asked
 * for (docs/design.md rule 25): making a builder from a large description
 * costs one pass over its paths, and a call compiles only its own path item.
 * `keys()` lists every operation in the description's order.
 */
export interface Operations {
  /** The declaration of `"<METHOD> <path>"` (method upper-case), compiled on first use. */
  get(route: string): OperationDeclaration | undefined;
  /** Every operation's route, in the description's order. */
  keys(): Iterable<string>;
  /**
   * The routes whose operation or path item has `servers` of its own, or
   * may have (a superset, known without compiling); every route when absent.
   */
  withServers?(): Iterable<string>;
}

/** What `compileLazily()` reads of a description at once, and its operations. */
export interface CompiledDescription {
  /** The description's first server. */
  readonly server: string | undefined;
  /** Its servers as written, when the `server` options can choose among them. */
  readonly servers: ServerDeclaration[] | undefined;
  /** Its security schemes (never a credential), as the table records them. */
  readonly schemes: Record<string, SchemeDeclaration> | undefined;
  /** Its own security requirements, when they can be read. */
  readonly security: string[][] | undefined;
  /** Its operations, each compiled on first use. */
  readonly operations: Operations;
}
