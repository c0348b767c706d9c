/**
 * Compiles an OpenAPI 3.0 or 3.1 description into the operation table
 * (DECISIONS.md rule 25): every operation's parameters (path-level ones
 * included, the operation's winning), their styles, its body's media type
 * and form encoding, and its server. `$ref`s inside the document are
 * followed as far as that needs them; schemas are read only for a body's
 * top-level property names, never walked whole.
 *
 * @module
 */

import type {
  BodyDeclaration,
  EncodingDeclaration,
  OperationDeclaration,
  ParameterDeclaration,
  ParameterLocation,
  ParameterStyle,
} from "./_operation.ts";
import { isNamedOption } from "../endpoint/_options.ts";
import { isPlainObject, quoteValue, setOwn } from "../endpoint/_objects.ts";
import { at, field, invalidAt, list, type Node, object, resolve } from "./_refs.ts";
import { type OpenAPITable, STYLES, TABLE_FORMAT } from "./_table.ts";

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
const FORM = "application/x-www-form-urlencoded";

/** The media type without parameters, lowercased (`application/json; charset=utf-8` → `application/json`). */
function essence(mediaType: string): string {
  const semicolon = mediaType.indexOf(";");
  return (semicolon < 0 ? mediaType : mediaType.slice(0, semicolon)).trim().toLowerCase();
}

/** Whether a media type is JSON: `application/json` or any `…/…+json`. */
export function isJsonMediaType(mediaType: string): boolean {
  const type = essence(mediaType);
  return type === "application/json" || type.endsWith("+json");
}

/** Whether a media type is a wildcard (`*\/*`, `application/*`). */
function isWildcard(mediaType: string): boolean {
  return essence(mediaType).endsWith("/*");
}

/**
 * The first server url of `servers`, variables at their defaults; `undefined`
 * when there is none.
 */
function serverUrl(document: Node, servers: unknown, where: string): string | undefined {
  if (servers === undefined) return undefined;
  if (!Array.isArray(servers)) {
    throw invalidAt(where, `expected an array of servers, found ${quoteValue(servers)}`);
  }
  if (servers.length === 0) return undefined;
  const server = object(document, servers[0], at(where, 0), "a server");
  const url = field(server, "url");
  if (typeof url !== "string") {
    throw invalidAt(at(at(where, 0), "url"), `expected a string, found ${quoteValue(url)}`);
  }
  const variables = field(server, "variables");
  let out = "";
  let copied = 0;
  for (let open = url.indexOf("{"); open >= 0; open = url.indexOf("{", copied)) {
    const close = url.indexOf("}", open);
    if (close < 0) break;
    const name = url.slice(open + 1, close);
    const variable = isPlainObject(variables) ? field(variables, name) : undefined;
    const value = isPlainObject(variable) ? field(variable, "default") : undefined;
    if (typeof value !== "string") {
      throw invalidAt(
        at(at(where, 0), "variables"),
        `server variable ${quoteValue(name)} has no default, expected a string default`,
      );
    }
    out += url.slice(copied, open) + value;
    copied = close + 1;
  }
  return out + url.slice(copied);
}

/** A server url a builder can use as its default `baseUrl`: an absolute one. */
function absolute(url: string | undefined): string | undefined {
  return url !== undefined && url.includes("://") ? url : undefined;
}

function optionalBoolean(node: Node, key: string, where: string): boolean | undefined {
  const value = field(node, key);
  if (value !== undefined && typeof value !== "boolean") {
    throw invalidAt(at(where, key), `expected true or false, found ${quoteValue(value)}`);
  }
  return value;
}

/** Whether a parameter's or encoding's `content`/`contentType` is JSON. */
function contentIsJson(content: unknown, where: string): boolean {
  if (content === undefined) return false;
  if (!isPlainObject(content)) {
    throw invalidAt(where, `expected a map of media types, found ${quoteValue(content)}`);
  }
  const types = Object.keys(content);
  return types.length > 0 && isJsonMediaType(types[0]);
}

/** One parameter, in the table's form (defaults left out). */
function readParameter(document: Node, value: unknown, where: string): ParameterDeclaration {
  const parameter = object(document, value, where, "a parameter");
  const name = field(parameter, "name");
  if (typeof name !== "string" || name === "") {
    throw invalidAt(at(where, "name"), `expected a non-empty string, found ${quoteValue(name)}`);
  }
  const location = field(parameter, "in");
  if (location === "body" || location === "formData") {
    throw invalidAt(
      at(where, "in"),
      `${
        quoteValue(location)
      } is Swagger 2.0's, expected an OpenAPI 3 description (convert it first)`,
    );
  }
  if (typeof location !== "string" || !Object.hasOwn(STYLES, location)) {
    throw invalidAt(
      at(where, "in"),
      `found ${quoteValue(location)}, expected "path", "query", "header" or "cookie"`,
    );
  }
  const allowed = STYLES[location as ParameterLocation];
  const style = field(parameter, "style");
  if (
    style !== undefined && (typeof style !== "string" || !allowed.includes(style as ParameterStyle))
  ) {
    throw invalidAt(
      at(where, "style"),
      `${quoteValue(style)} is not a style of ${location} parameters, expected ${
        allowed.map((item) => `"${item}"`).join(", ")
      }`,
    );
  }
  const declaration: Record<string, unknown> = { in: location, name };
  if (style !== undefined && style !== allowed[0]) declaration.style = style;
  const explode = optionalBoolean(parameter, "explode", where);
  const effective = (style ?? allowed[0]) as ParameterStyle;
  if (explode !== undefined && explode !== (effective === "form")) declaration.explode = explode;
  if (location === "query" && optionalBoolean(parameter, "allowReserved", where) === true) {
    declaration.allowReserved = true;
  }
  if (contentIsJson(field(parameter, "content"), at(where, "content"))) declaration.json = true;
  return declaration as unknown as ParameterDeclaration;
}

/**
 * The top-level property names of a schema that are named options (`url`,
 * `data`...), through `$ref`s and `allOf`/`oneOf`/`anyOf`, never deeper.
 */
function optionFields(document: Node, schema: unknown, where: string, found: Set<string>): void {
  const seen = new Set<unknown>();
  const visit = (value: unknown, place: string) => {
    const resolved = resolve(document, value, place);
    if (!isPlainObject(resolved) || seen.has(resolved)) return;
    seen.add(resolved);
    const properties = field(resolved, "properties");
    if (isPlainObject(properties)) {
      for (const key of Object.keys(properties)) if (isNamedOption(key)) found.add(key);
    }
    for (const combinator of ["allOf", "oneOf", "anyOf"]) {
      const parts = field(resolved, combinator);
      if (Array.isArray(parts)) {
        parts.forEach((part, index) => visit(part, at(at(place, combinator), index)));
      }
    }
  };
  visit(schema, where);
}

/** The form encoding of a body's properties, in the table's form. */
function readEncoding(
  document: Node,
  encoding: unknown,
  where: string,
): Record<string, EncodingDeclaration> | undefined {
  if (encoding === undefined) return undefined;
  if (!isPlainObject(encoding)) {
    throw invalidAt(where, `expected a map of properties, found ${quoteValue(encoding)}`);
  }
  const out: Record<string, EncodingDeclaration> = {};
  for (const property of Object.keys(encoding)) {
    const place = at(where, property);
    const entry = object(document, encoding[property], place, "an encoding");
    const declaration: Record<string, unknown> = {};
    const style = field(entry, "style");
    if (style !== undefined) {
      if (typeof style !== "string" || !STYLES.query.includes(style as ParameterStyle)) {
        throw invalidAt(
          at(place, "style"),
          `${quoteValue(style)} is not a style of form properties, expected ${
            STYLES.query.map((item) => `"${item}"`).join(", ")
          }`,
        );
      }
      declaration.style = style;
    }
    const explode = optionalBoolean(entry, "explode", place);
    if (explode !== undefined) declaration.explode = explode;
    if (optionalBoolean(entry, "allowReserved", place) === true) declaration.allowReserved = true;
    const contentType = field(entry, "contentType");
    if (typeof contentType === "string" && isJsonMediaType(contentType.split(",")[0])) {
      declaration.json = true;
    }
    if (Object.keys(declaration).length > 0) setOwn(out, property, declaration);
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * The body of an operation: JSON when its media types list a JSON type, a
 * wildcard or nothing; a form when they list the form type; else `data`.
 */
function readBody(document: Node, value: unknown, where: string): BodyDeclaration | undefined {
  if (value === undefined) return undefined;
  const requestBody = object(document, value, where, "a request body");
  const content = field(requestBody, "content");
  if (content === undefined) return undefined;
  if (!isPlainObject(content)) {
    throw invalidAt(
      at(where, "content"),
      `expected a map of media types, found ${quoteValue(content)}`,
    );
  }
  const types = Object.keys(content);
  const json = types.find(isJsonMediaType);
  let chosen: string | undefined;
  let body: Record<string, unknown>;
  if (types.length === 0) {
    return undefined;
  } else if (json !== undefined) {
    chosen = json;
    body = { type: json };
  } else if (types.some(isWildcard)) {
    chosen = types.find(isWildcard)!;
    body = { type: "application/json" };
  } else if (types.some((type) => essence(type) === FORM)) {
    chosen = types.find((type) => essence(type) === FORM)!;
    body = { type: FORM, kind: "form" };
  } else {
    return { type: types[0], kind: "data" };
  }
  if (chosen !== undefined) {
    const place = at(at(where, "content"), chosen);
    const media = object(document, content[chosen], place, "a media type");
    const fields = new Set<string>();
    optionFields(document, field(media, "schema"), at(place, "schema"), fields);
    if (fields.size > 0) body.fields = [...fields];
    if (field(body, "kind") === "form") {
      const encoding = readEncoding(document, field(media, "encoding"), at(place, "encoding"));
      if (encoding !== undefined) body.encoding = encoding;
    }
  }
  return body as unknown as BodyDeclaration;
}

/**
 * One operation's declaration (its `server` the operation's own, not yet
 * checked against the path's and the description's).
 *
 * @throws {TypeError} For a declaration the builder cannot write.
 */
function readOperation(
  document: Node,
  value: unknown,
  place: string,
  shared: readonly ParameterDeclaration[],
): Record<string, unknown> {
  const operation = object(document, value, place, "an operation");
  const own = list(operation, "parameters", place).map((parameter, index) =>
    readParameter(document, parameter, at(at(place, "parameters"), index))
  );
  // The operation's own come first; a path-level one it redefines (same name and in) is dropped.
  const parameters = [
    ...own,
    ...shared.filter((common) =>
      !own.some((mine) => mine.name === common.name && mine.in === common.in)
    ),
  ];
  const declaration: Record<string, unknown> = {};
  if (parameters.length > 0) declaration.parameters = parameters;
  const body = readBody(document, field(operation, "requestBody"), at(place, "requestBody"));
  if (body !== undefined) declaration.body = body;
  const server = serverUrl(document, field(operation, "servers"), at(place, "servers"));
  if (server !== undefined) declaration.server = server;
  return declaration;
}

/**
 * Reads an OpenAPI 3.0 or 3.1 description into an operation table. A
 * problem in one operation is recorded as that operation's `error`.
 *
 * @throws {TypeError} For a value that is not an OpenAPI 3 description
 * (Swagger 2.0 included), or `paths` or a path item that is not an object.
 */
export function compileDescription(description: unknown): OpenAPITable {
  if (!isPlainObject(description)) {
    throw new TypeError(
      `Invalid OpenAPI description ${
        quoteValue(description)
      }: expected a parsed OpenAPI 3.0 or 3.1 document (an object; parse YAML first)`,
    );
  }
  const version = field(description, "openapi");
  if (typeof version !== "string" || !version.startsWith("3.")) {
    const swagger = field(description, "swagger");
    throw new TypeError(
      swagger !== undefined
        ? `Invalid OpenAPI description: Swagger ${
          quoteValue(String(swagger))
        } is not supported, expected an OpenAPI 3.0 or 3.1 document (convert it, e.g. with swagger2openapi)`
        : `Invalid OpenAPI description: openapi is ${
          quoteValue(version)
        }, expected an OpenAPI 3.0 or 3.1 document with openapi "3.0.x" or "3.1.x"`,
    );
  }
  const document = description;
  const server = absolute(serverUrl(document, field(document, "servers"), "servers"));
  const operations: Record<string, OperationDeclaration> = {};
  const paths = field(document, "paths");
  if (paths !== undefined && !isPlainObject(paths)) {
    throw invalidAt("paths", `expected an object, found ${quoteValue(paths)}`);
  }
  for (const path of Object.keys(paths ?? {})) {
    if (path.startsWith("x-")) continue; // a specification extension, not a path
    const where = at("paths", path);
    if (!path.startsWith("/")) {
      throw invalidAt(where, `path ${quoteValue(path)} does not start with "/"`);
    }
    const item = object(document, (paths as Node)[path], where, "a path item");
    // A problem in one operation (or its path's parameters) is that operation's: the
    // table records it, and a call of that route reports it; the others work.
    let shared: ParameterDeclaration[] | TypeError;
    let pathServer: string | undefined | TypeError;
    try {
      shared = list(item, "parameters", where).map((parameter, index) =>
        readParameter(document, parameter, at(at(where, "parameters"), index))
      );
      pathServer = serverUrl(document, field(item, "servers"), at(where, "servers"));
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      shared = pathServer = error;
    }
    for (const method of METHODS) {
      const value = field(item, method);
      if (value === undefined) continue;
      let declaration: Record<string, unknown>;
      try {
        if (shared instanceof TypeError) throw shared;
        declaration = readOperation(document, value, at(where, method), shared);
        const operationServer = absolute(
          field(declaration, "server") as string | undefined ?? pathServer as string | undefined,
        );
        delete declaration.server;
        if (operationServer !== undefined && operationServer !== server) {
          declaration.server = operationServer;
        }
      } catch (error) {
        if (!(error instanceof TypeError)) throw error;
        declaration = { error: error.message };
      }
      setOwn(operations, `${method.toUpperCase()} ${path}`, declaration);
    }
  }
  const table: Record<string, unknown> = { format: TABLE_FORMAT };
  if (server !== undefined) table.server = server;
  table.operations = operations;
  return table as unknown as OpenAPITable;
}
