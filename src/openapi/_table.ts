/**
 * The operation table: what a builder reads of an OpenAPI description
 * (docs/design.md rule 25), as plain JSON: for each `"<METHOD> <path>"`, the
 * parameters' locations and styles, the body's media type and form
 * encoding, and servers. `compileOpenAPI` writes it; `fromOpenAPITable`
 * reads it back, checking it, since it may come from a file.
 *
 * @module
 */

import type {
  BodyDeclaration,
  CompiledDescription,
  OperationDeclaration,
  Operations,
  ParameterDeclaration,
  ParameterLocation,
  ParameterStyle,
  ServerDeclaration,
} from "./_declarations.ts";
import { type SchemeDeclaration, schemeOf, type SecurityDeclaration } from "./_credentials.ts";
import { copyPlain, isPlainObject, isToken, quoteValue } from "../endpoint/kit.ts";
import { at, field, type Node, optionalBoolean } from "./_refs.ts";
import { baseUrlProblem, headerNameProblem, mediaTypeProblem } from "./_wire.ts";

/** The value of an operation table's `format`: the table's kind and version. */
export const TABLE_FORMAT = "routecast-openapi-table/1";

/**
 * What a builder reads of an OpenAPI description, as JSON: written by
 * `compileOpenAPI` (or `routecast openapi`), read by `fromOpenAPITable`.
 * Its fields are the OpenAPI Specification's, with defaults left out.
 *
 * @example
 * ```ts
 * import type { OpenAPITable } from "@routecast/endpoint/openapi";
 *
 * const table: OpenAPITable = {
 *   format: "routecast-openapi-table/1",
 *   server: "https://api.example.com",
 *   operations: {
 *     "GET /items": { parameters: [{ in: "query", name: "id", explode: false }] },
 *   },
 * };
 * ```
 */
export interface OpenAPITable {
  /** The table's kind and version: always `"routecast-openapi-table/1"`. */
  readonly format: "routecast-openapi-table/1";
  /** The description's first server url, with its variables at their defaults. */
  readonly server?: string;
  /** The description's security schemes by name (never a credential). */
  readonly schemes?: { readonly [name: string]: SchemeDeclaration };
  /** The description's security requirements: alternatives of scheme names. */
  readonly security?: SecurityDeclaration;
  /**
   * The description's servers as written, when the `server` and
   * `serverVariables` options can choose or fill them.
   */
  readonly servers?: readonly ServerDeclaration[];
  /** The operations by `"<METHOD> <path>"`: method upper-case, path as the description names it. */
  readonly operations: { readonly [route: string]: OperationDeclaration };
}

const TOP = "the top";

const LOCATIONS: readonly ParameterLocation[] = ["path", "query", "header", "cookie"];

/** The styles OpenAPI allows for each location. */
export const STYLES: { readonly [L in ParameterLocation]: readonly ParameterStyle[] } = {
  path: ["simple", "label", "matrix"],
  query: ["form", "spaceDelimited", "pipeDelimited", "deepObject"],
  header: ["simple"],
  cookie: ["form"],
};

function invalidTable(where: string, detail: string): TypeError {
  return new TypeError(`Invalid OpenAPI table at ${where}: ${detail}`);
}

/** Makes `invalidTable` errors for the fields of the object at `where`. */
function invalidField(where: string): (key: string, detail: string) => TypeError {
  return (key, detail) => invalidTable(at(where, key), detail);
}

function checkKeys(node: Node, allowed: readonly string[], where: string): void {
  for (const key of Object.keys(node)) {
    if (!allowed.includes(key)) {
      // A key is shown as `at` shows it: bounded, quoted unless an identifier.
      throw invalidTable(
        where === TOP ? at("", key).replace(/^\./, "") : at(where, key),
        `unknown field, expected ${allowed.map((name) => `"${name}"`).join(", ")}`,
      );
    }
  }
}

function plainAt(value: unknown, where: string, what: string): Node {
  if (!isPlainObject(value)) {
    throw invalidTable(where, `expected ${what} (an object), found ${quoteValue(value)}`);
  }
  return value;
}

function stringAt(value: unknown, where: string): string {
  if (typeof value !== "string") {
    throw invalidTable(where, `expected a string, found ${quoteValue(value)}`);
  }
  return value;
}

function checkStyle(style: unknown, allowed: readonly string[], where: string): void {
  if (style !== undefined && (typeof style !== "string" || !allowed.includes(style))) {
    throw invalidTable(
      where,
      `style ${quoteValue(style)}, expected ${allowed.map((name) => `"${name}"`).join(", ")}`,
    );
  }
}

/** A separator joins a list into one value: a space, a tab or `|` (Swagger 2.0's ssv, tsv, pipes). */
function checkSeparator(value: unknown, where: string): void {
  if (value !== undefined && value !== " " && value !== "\t" && value !== "|") {
    throw invalidTable(where, `found ${quoteValue(value)}, expected " ", "\\t" or "|"`);
  }
}

/** A table's server is a base url: an absolute `http:` or `https:` URL, nothing else. */
function checkServer(value: unknown, where: string): void {
  const problem = baseUrlProblem(stringAt(value, where));
  if (problem !== undefined) throw invalidTable(where, problem);
}

function checkStrings(value: unknown, where: string): void {
  if (!Array.isArray(value)) {
    throw invalidTable(where, `expected an array, found ${quoteValue(value)}`);
  }
  value.forEach((name, index) => stringAt(name, at(where, index)));
}

/** A server as written: a string url, and variables with string defaults and enums. */
function checkServerDeclaration(value: unknown, where: string): void {
  const server = plainAt(value, where, "a server");
  checkKeys(server, ["url", "variables"], where);
  stringAt(field(server, "url"), at(where, "url"));
  const variables = field(server, "variables");
  if (variables === undefined) return;
  const named = plainAt(variables, at(where, "variables"), "a map of variables");
  for (const name of Object.keys(named)) {
    const place = at(at(where, "variables"), name);
    const variable = plainAt(field(named, name), place, "a server variable");
    checkKeys(variable, ["default", "enum"], place);
    const value = field(variable, "default");
    if (value !== undefined) stringAt(value, at(place, "default"));
    const allowed = field(variable, "enum");
    if (allowed !== undefined) checkStrings(allowed, at(place, "enum"));
  }
}

/** A list of servers as written (`count`: exactly that many). */
function checkServers(value: unknown, where: string, count?: number): ServerDeclaration[] {
  if (!Array.isArray(value) || (count !== undefined && value.length !== count)) {
    throw invalidTable(
      where,
      `expected ${count === undefined ? "an array of servers" : "an array of one server"}, found ${
        quoteValue(value)
      }`,
    );
  }
  value.forEach((server, index) => checkServerDeclaration(server, at(where, index)));
  return value;
}

function checkParameter(value: unknown, where: string): ParameterDeclaration {
  const parameter = plainAt(value, where, "a parameter");
  checkKeys(
    parameter,
    ["in", "name", "style", "explode", "allowReserved", "json", "separator"],
    where,
  );
  const location = field(parameter, "in");
  if (!LOCATIONS.includes(location as ParameterLocation)) {
    throw invalidTable(
      at(where, "in"),
      `found ${quoteValue(location)}, expected "path", "query", "header" or "cookie"`,
    );
  }
  const name = stringAt(field(parameter, "name"), at(where, "name"));
  const header = location === "header" ? headerNameProblem(name) : undefined;
  if (header !== undefined) throw invalidTable(at(where, "name"), header);
  checkStyle(field(parameter, "style"), STYLES[location as ParameterLocation], at(where, "style"));
  const invalid = invalidField(where);
  for (const key of ["explode", "allowReserved", "json"]) optionalBoolean(parameter, key, invalid);
  checkSeparator(field(parameter, "separator"), at(where, "separator"));
  return parameter as unknown as ParameterDeclaration;
}

/** A form body's `encoding`, or (`multipart`) the `multipart` encodings with their part types. */
function checkEncoding(encoding: unknown, where: string, multipart: boolean): void {
  if (encoding === undefined) return;
  const properties = plainAt(encoding, where, "an encoding map");
  for (const property of Object.keys(properties)) {
    const place = at(where, property);
    const entry = plainAt(properties[property], place, "an encoding");
    checkKeys(
      entry,
      ["style", "explode", "allowReserved", "separator", multipart ? "contentType" : "json"],
      place,
    );
    checkStyle(field(entry, "style"), STYLES.query, at(place, "style"));
    const invalid = invalidField(place);
    for (const key of ["explode", "allowReserved", "json"]) optionalBoolean(entry, key, invalid);
    checkSeparator(field(entry, "separator"), at(place, "separator"));
    const type = field(entry, "contentType");
    const problem = type === undefined
      ? undefined
      : mediaTypeProblem(stringAt(type, at(place, "contentType")));
    if (problem !== undefined) throw invalidTable(at(place, "contentType"), problem);
  }
}

function checkBody(value: unknown, where: string): BodyDeclaration {
  const body = plainAt(value, where, "a body");
  checkKeys(
    body,
    ["type", "kind", "encoding", "multipart", "fields", "closed", "parameter"],
    where,
  );
  const parameter = field(body, "parameter");
  if (parameter !== undefined) stringAt(parameter, at(where, "parameter"));
  const type = mediaTypeProblem(stringAt(field(body, "type"), at(where, "type")));
  if (type !== undefined) throw invalidTable(at(where, "type"), type);
  const kind = field(body, "kind");
  if (
    kind !== undefined && kind !== "json" && kind !== "form" && kind !== "multipart" &&
    kind !== "data"
  ) {
    throw invalidTable(
      at(where, "kind"),
      `found ${quoteValue(kind)}, expected "json", "form", "multipart" or "data"`,
    );
  }
  checkEncoding(field(body, "encoding"), at(where, "encoding"), false);
  checkEncoding(field(body, "multipart"), at(where, "multipart"), true);
  for (const key of ["fields", "closed"]) {
    const names = field(body, key);
    if (names !== undefined) checkStrings(names, at(where, key));
  }
  return body as unknown as BodyDeclaration;
}

/** The security schemes of a table, checked, by name. */
function checkSchemes(value: unknown): Map<string, SchemeDeclaration> {
  const schemes = new Map<string, SchemeDeclaration>();
  if (value === undefined) return schemes;
  const map = plainAt(value, "schemes", "the security schemes");
  for (const name of Object.keys(map)) {
    const where = at("schemes", name);
    const entry = plainAt(map[name], where, "a security scheme");
    const error = field(entry, "error");
    const scheme = error === undefined
      ? schemeOf(entry)
      : { error: stringAt(error, at(where, "error")) };
    if (typeof scheme === "string") throw invalidTable(where, scheme);
    checkKeys(entry, Object.keys(scheme), where);
    schemes.set(name, scheme);
  }
  return schemes;
}

/** Security requirements: alternatives, each a list of the names of sendable schemes. */
function checkSecurity(
  value: unknown,
  where: string,
  schemes: ReadonlyMap<string, SchemeDeclaration>,
): SecurityDeclaration {
  if (!Array.isArray(value)) {
    throw invalidTable(where, `expected an array, found ${quoteValue(value)}`);
  }
  value.forEach((names, index) => {
    const place = at(where, index);
    if (!Array.isArray(names)) {
      throw invalidTable(place, `expected an array, found ${quoteValue(names)}`);
    }
    names.forEach((name, i) => {
      if (typeof name !== "string" || schemes.get(name)?.type === undefined) {
        throw invalidTable(
          at(place, i),
          `found ${quoteValue(name)}, expected the name of a scheme of the table`,
        );
      }
    });
  });
  return value;
}

/** A table, checked: its operations indexed, its servers and security. */
export interface TableContents {
  readonly operations: Operations;
  readonly server: string | undefined;
  readonly servers: readonly ServerDeclaration[] | undefined;
  /** Its security schemes, checked, by name. */
  readonly schemes: ReadonlyMap<string, SchemeDeclaration>;
  /** The description's own security requirements. */
  readonly security: SecurityDeclaration | undefined;
}

/**
 * Checks an operation table and indexes its operations.
 *
 * @throws {TypeError} For anything that is not a table `compileOpenAPI` could write.
 */
export function readTable(value: unknown): TableContents {
  // A copy, frozen: changing the caller's table afterwards changes no builder.
  const table = plainAt(copyPlain(value, true, "OpenAPI table"), TOP, "an operation table");
  checkKeys(
    table,
    ["format", "server", "servers", "schemes", "security", "operations"],
    TOP,
  );
  if (field(table, "format") !== TABLE_FORMAT) {
    throw invalidTable(
      "format",
      `found ${quoteValue(field(table, "format"))}, expected "${TABLE_FORMAT}"`,
    );
  }
  const server = field(table, "server");
  if (server !== undefined) checkServer(server, "server");
  const schemes = checkSchemes(field(table, "schemes"));
  const security = field(table, "security");
  if (security !== undefined) checkSecurity(security, "security", schemes);
  const servers = field(table, "servers");
  if (servers !== undefined) checkServers(servers, "servers");
  const operations = plainAt(field(table, "operations"), "operations", "the operations");
  const map = new Map<string, OperationDeclaration>();
  for (const route of Object.keys(operations)) {
    const where = at("operations", route);
    // The path is the description's, spaces and all: split at the first space only.
    const space = route.indexOf(" ");
    const method = route.slice(0, space);
    if (space <= 0 || !isToken(method) || method !== method.toUpperCase()) {
      throw invalidTable(where, `expected a key "<METHOD> <path>" with the method upper-case`);
    }
    const operation = plainAt(operations[route], where, "an operation");
    checkKeys(
      operation,
      ["parameters", "body", "server", "servers", "security", "error"],
      where,
    );
    const required = field(operation, "security");
    if (required !== undefined) checkSecurity(required, at(where, "security"), schemes);
    const error = field(operation, "error");
    if (error !== undefined) stringAt(error, at(where, "error"));
    const parameters = field(operation, "parameters");
    if (parameters !== undefined) {
      if (!Array.isArray(parameters)) {
        throw invalidTable(
          at(where, "parameters"),
          `expected an array, found ${quoteValue(parameters)}`,
        );
      }
      parameters.forEach((parameter, index) =>
        checkParameter(parameter, at(at(where, "parameters"), index))
      );
    }
    const body = field(operation, "body");
    if (body !== undefined) checkBody(body, at(where, "body"));
    const own = field(operation, "server");
    if (own !== undefined) checkServer(own, at(where, "server"));
    const theirOwn = field(operation, "servers");
    if (theirOwn !== undefined) checkServers(theirOwn, at(where, "servers"), 1);
    map.set(route, operation as unknown as OperationDeclaration);
  }
  return {
    operations: map,
    server: server as string | undefined,
    servers: servers as ServerDeclaration[] | undefined,
    schemes,
    security: security as SecurityDeclaration | undefined,
  };
}

/**
 * The table of a description that `compileLazily()` read: its operations
 * are compiled on first use, not copied nor checked again.
 */
export function compiledTable(compiled: CompiledDescription): TableContents {
  return { ...compiled, schemes: checkSchemes(compiled.schemes) };
}
