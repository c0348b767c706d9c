/**
 * Declared operations (DECISIONS.md rule 25): what an OpenAPI description
 * says about one operation's parameters and body, in the plain, JSON-ready
 * form of the operation table, and the plan those declarations give a
 * route in the one build path: a url template whose RFC 6570 operators
 * write the path parameters in their styles, and writers for the query,
 * header and cookie parameters and the body.
 *
 * @module
 */

import { BoundedCache } from "../_cache.ts";
import {
  type DeclaredOperations,
  encodeQuery,
  isNamedOption,
  openApiQuery,
  type OperationPlan,
  over,
  ownAt,
  type QueryWriter,
  quoteValue,
} from "../endpoint/kit.ts";
import {
  type DeclaredValue,
  formBody,
  type FormEncoding,
  jsonText,
  writeParameters,
} from "./_values.ts";

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
}

/**
 * How one property of a form body is written (OpenAPI's Encoding Object).
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
   * `"form"` string, or `"data"`: the operation takes only media types
   * routecast does not write (multipart, binary, XML), so the body is `data`.
   */
  readonly kind?: "json" | "form" | "data";
  /** For a form body: how each named property is written. */
  readonly encoding?: { readonly [property: string]: EncodingDeclaration };
  /** Top-level body properties named like a named option (`url`, `data`): parameters here. */
  readonly fields?: readonly string[];
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
   * What is wrong with the operation in the description, reported when the
   * route is called (the description's other operations work).
   */
  readonly error?: string;
}

const DEFAULT_STYLE: Record<ParameterLocation, ParameterStyle> = {
  path: "simple",
  query: "form",
  header: "simple",
  cookie: "form",
};

/** RFC 6570 operators for the path styles. */
const PATH_OPERATOR: Partial<Record<ParameterStyle, string>> = {
  simple: "",
  label: ".",
  matrix: ";",
};

/**
 * A declaration's own field `key`, never one inherited: a table may be
 * hand-made, and Object.prototype polluted (docs/design.md rule 14).
 */
function read<D extends object, K extends keyof D & string>(
  declaration: D,
  key: K,
): D[K] | undefined {
  return Object.hasOwn(declaration, key) ? declaration[key] : undefined;
}

/** A parameter as compiled: its own fields, with the defaults of its location and style. */
interface Parameter {
  readonly in: ParameterLocation;
  readonly name: string;
  readonly style: ParameterStyle;
  readonly explode: boolean;
  readonly allowReserved: boolean;
  readonly json: boolean;
}

/** A parameter declaration, read through its own fields only. */
function readParameter(declaration: ParameterDeclaration): Parameter {
  const location = read(declaration, "in")!;
  const style = read(declaration, "style") ?? DEFAULT_STYLE[location];
  return {
    in: location,
    name: read(declaration, "name")!,
    style,
    explode: read(declaration, "explode") ?? style === "form",
    allowReserved: read(declaration, "allowReserved") === true,
    json: read(declaration, "json") === true,
  };
}

/** The longest text of a table that a message shows: a message stays under 1 KB. */
const MAX_SHOWN = 1000;
/** The longest media type a message shows, as long as a quoted value. */
const MAX_SHOWN_TYPE = 200;

/**
 * Text of a table shown in a message: control characters and lone
 * surrogates escaped as quoted values escape them, and cut after `max`
 * characters, so that no message exceeds 1 KB (docs/design.md rule 15).
 */
function shown(text: string, max: number): string {
  let out = "";
  for (const character of text) {
    const escaped = character === '"' || character === "\\"
      ? character
      : JSON.stringify(character).slice(1, -1);
    if (out.length + escaped.length > max) return out + "…";
    out += escaped;
  }
  return out;
}

/**
 * The query writer of a declared query parameter or form property: the
 * OpenAPI Specification's style tables; where it defines nothing, as
 * swagger-client writes it (a deepObject list repeats the name or joins with
 * commas, a pipe- or space-delimited object is written as `form` would).
 */
function queryStyle(style: ParameterStyle, explode: boolean, reserved: boolean): QueryWriter {
  return openApiQuery(style, explode, reserved).write;
}

function invalidDeclaration(route: string, detail: string): TypeError {
  return new TypeError(`Invalid operation ${quoteValue(route)}: ${detail}`);
}

/** Whether `name` can be an RFC 6570 variable name once `-` is allowed (rule 18). */
function isVariableName(name: string): boolean {
  if (name === "" || name.startsWith(".") || name.endsWith(".") || name.includes("..")) {
    return false;
  }
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    const ok = (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) ||
      (code >= 0x61 && code <= 0x7a) || code === 0x5f || code === 0x2d || code === 0x2e;
    if (!ok) return false;
  }
  return true;
}

/**
 * The url template of an operation's path: each `{name}` written with its
 * parameter's style (`{id}`, `{id*}`, `{.id}`, `{;id*}`); a name no
 * parameter declares is `{name}`. The names written are added to `named`.
 *
 * @throws {TypeError} For a path parameter in a style a path cannot have,
 * or a name RFC 6570 cannot write.
 */
function pathTemplate(
  route: string,
  path: string,
  declared: ReadonlyMap<string, Parameter>,
  named: Set<string>,
): string {
  let out = "";
  let copied = 0;
  for (let open = path.indexOf("{"); open >= 0; open = path.indexOf("{", copied)) {
    const close = path.indexOf("}", open);
    if (close < 0) break; // a lone "{": the template parser reports it
    const name = path.slice(open + 1, close);
    if (!isVariableName(name)) {
      throw invalidDeclaration(
        route,
        `path parameter ${
          quoteValue(name)
        } cannot be a URI template variable, expected letters, digits, "_", "-" and "."`,
      );
    }
    named.add(name);
    const parameter = declared.get(name);
    const style = parameter?.style ?? "simple";
    const operator = PATH_OPERATOR[style];
    if (operator === undefined) {
      throw invalidDeclaration(
        route,
        `path parameter ${
          quoteValue(name)
        } has style ${style}, expected "simple", "label" or "matrix"`,
      );
    }
    const explode = parameter !== undefined && parameter.explode && !parameter.json;
    out += path.slice(copied, open) + "{" + operator + name + (explode ? "*" : "") + "}";
    copied = close + 1;
  }
  return copied === 0 ? path : out + path.slice(copied);
}

/** The named options an operation declares as its parameters or body fields. */
function shadowedNames(operation: OperationDeclaration): ReadonlySet<string> {
  const names = new Set<string>();
  for (const parameter of read(operation, "parameters") ?? []) {
    const name = read(parameter, "name")!;
    if (isNamedOption(name)) names.add(name);
  }
  const body = read(operation, "body");
  for (const field of (body && read(body, "fields")) ?? []) {
    if (isNamedOption(field)) names.add(field);
  }
  return names;
}

/** How a form body's properties are written, by their encoding (own fields only). */
function formEncoding(
  declared: BodyDeclaration["encoding"],
): ReadonlyMap<string, FormEncoding> | undefined {
  if (declared === undefined) return undefined;
  const encoding = new Map<string, FormEncoding>();
  for (const property of Object.keys(declared)) {
    const entry = declared[property];
    const style = read(entry, "style");
    const explode = read(entry, "explode");
    const reserved = read(entry, "allowReserved");
    // A style, explode or allowReserved wins over a content type (OpenAPI's Encoding Object).
    if (style === undefined && explode === undefined && reserved === undefined) {
      if (read(entry, "json") === true) encoding.set(property, "json");
      continue;
    }
    const effective = style ?? "form";
    encoding.set(
      property,
      queryStyle(effective, explode ?? effective === "form", reserved === true),
    );
  }
  return encoding;
}

/**
 * Compiles an operation's declarations for a plan.
 *
 * @param route `"<METHOD> <path>"` as the caller wrote it, for messages.
 * @param path The path as the description names it.
 * @throws {TypeError} For a declaration the builder cannot write.
 */
function compileOperation(
  route: string,
  path: string,
  operation: OperationDeclaration,
): OperationPlan {
  const error = read(operation, "error");
  if (error !== undefined) throw new TypeError(shown(error, MAX_SHOWN));
  const parameters: DeclaredValue[] = [];
  const byName = new Map<string, number[]>();
  const pathParameters = new Map<string, Parameter>();
  let jsonPath = false;
  for (const declaration of read(operation, "parameters") ?? []) {
    const parameter = readParameter(declaration);
    const { name, json } = parameter;
    if (parameter.in === "path") {
      pathParameters.set(name, parameter);
      jsonPath ||= json;
      continue;
    }
    const { style, explode, allowReserved: reserved } = parameter;
    const at = parameters.push({
      name,
      in: parameter.in,
      query: queryStyle(style, explode, reserved),
      prefix: encodeQuery(name, reserved, true) + "=",
      reserved,
      explode,
      json,
    }) - 1;
    const indexes = byName.get(name);
    if (indexes === undefined) byName.set(name, [at]);
    else indexes.push(at);
  }
  const named = new Set<string>();
  const template = pathTemplate(route, path, pathParameters, named);
  // A path parameter the path does not name is declared all the same: never sent elsewhere.
  for (const name of pathParameters.keys()) {
    if (named.has(name)) continue;
    const at = parameters.push({
      name,
      in: "path",
      query: queryStyle("form", true, false),
      prefix: "",
      reserved: false,
      explode: false,
      json: false,
    }) - 1;
    byName.set(name, [...(byName.get(name) ?? []), at]);
  }
  const shadowed = shadowedNames(operation);
  const body = read(operation, "body");
  const kind = body && read(body, "kind");
  const type = body && read(body, "type");
  let writeBody: OperationPlan["body"];
  if (kind === "form") {
    const encoding = formEncoding(read(body!, "encoding"));
    writeBody = (members) => formBody(members, encoding);
  } else if (kind === "data") {
    writeBody = (members, caller) => {
      throw new TypeError(
        `Invalid parameter ${quoteValue(Object.keys(members)[0])} for ${
          quoteValue(caller)
        }: the operation's body is ${shown(type!, MAX_SHOWN_TYPE)}, expected the body as data`,
      );
    };
  }
  return {
    template,
    server: read(operation, "server"),
    names: parameters.map((parameter) => parameter.name),
    byName,
    shadowed: shadowed.size === 0 ? undefined : shadowed,
    pathValues: jsonPath
      ? (raw, plan) => {
        const names = plan.url.names;
        for (let i = 0; i < names.length; i++) {
          // `raw` is filled by index: a hole is undefined, never what a prototype holds.
          const value = (Object.hasOwn(raw, i) ? raw[i] : undefined) ?? plan.urlDefaults[i];
          if (value !== undefined && pathParameters.get(names[i])?.json === true) {
            raw[i] = jsonText(names[i], value);
          }
        }
      }
      : undefined,
    write: (values, plan, headers) => {
      const defaults = plan.declaredDefaults;
      if (defaults.length === 0) return writeParameters(parameters, values, headers);
      const merged: unknown[] = [];
      for (let i = 0; i < parameters.length; i++) {
        const fallback = ownAt(defaults, i);
        merged.push(
          fallback === undefined
            ? ownAt(values, i)
            : over(fallback, ownAt(values, i), parameters[i].name, false),
        );
      }
      return writeParameters(parameters, merged, headers);
    },
    // fetch writes a multipart body's content type with its boundary: set none.
    contentType: kind === "data" && type!.toLowerCase().startsWith("multipart/") ? "" : type,
    body: writeBody,
  };
}

const NOTHING: ReadonlySet<string> = new Set();

/**
 * The declared operations of a table, as the endpoint layer reads them.
 *
 * @param operations The operations by `"<METHOD> <path>"` (method upper-case).
 * @param server The description's first server.
 */
export function declaredOperations(
  operations: ReadonlyMap<string, OperationDeclaration>,
  server: string | undefined,
): DeclaredOperations {
  const shadowing = new BoundedCache((key) => {
    const operation = operations.get(key);
    return operation === undefined ? NOTHING : shadowedNames(operation);
  });
  return {
    server,
    operation(method, url, route) {
      const declaration = operations.get(method + " " + url);
      return declaration === undefined ? undefined : compileOperation(route, url, declaration);
    },
    shadowed: (method, url) => shadowing.get(method.toUpperCase() + " " + url),
  };
}
