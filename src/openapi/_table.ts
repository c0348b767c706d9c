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
  CompiledDescription,
  OperationDeclaration,
  Operations,
  ParameterLocation,
  ParameterStyle,
  ServerDeclaration,
} from "./_declarations.ts";
import { type SchemeDeclaration, schemeOf, type SecurityDeclaration } from "./_credentials.ts";
import { copyPlain, isPlainObject, isToken, listed, quoteValue } from "../endpoint/kit.ts";
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

/** The styles OpenAPI allows for each location, its default first. */
export const STYLES: { readonly [L in ParameterLocation]: readonly ParameterStyle[] } = {
  path: ["simple", "label", "matrix"],
  query: ["form", "spaceDelimited", "pipeDelimited", "deepObject"],
  header: ["simple"],
  cookie: ["form"],
};

function invalidTable(where: string, detail: string): TypeError {
  return new TypeError(`Invalid OpenAPI table at ${where}: ${detail}`);
}

/** The field `key` of the value at `where`, as messages show it. */
function inside(where: string, key: string | number): string {
  // At the top, a key is shown as `at` shows it: bounded, quoted unless an identifier.
  return where === TOP ? at("", key).replace(/^\./, "") : at(where, key);
}

/**
 * How a value of the table is checked (the tables below say which check
 * each field has): `where` is its place, `key` its key in a map.
 */
type Check = (value: unknown, where: string, key: string) => void;

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

/**
 * An object (`what`) with the fields of `fields` only, each checked in that
 * order when present; those of `required` when absent too.
 */
function record(
  what: string,
  fields: Record<string, Check>,
  required: readonly string[] = [],
): Check {
  const allowed = Object.keys(fields);
  return (value, where) => {
    const node = plainAt(value, where, what);
    for (const key of Object.keys(node)) {
      if (!allowed.includes(key)) {
        throw invalidTable(
          inside(where, key),
          `unknown field, expected ${listed(allowed)}`,
        );
      }
    }
    for (const key of allowed) {
      const item = field(node, key);
      if (item !== undefined || required.includes(key)) fields[key](item, inside(where, key), key);
    }
  };
}

/** An object (`what`) whose every field is checked by `item`. */
function map(what: string, item: Check): Check {
  return (value, where) => {
    const node = plainAt(value, where, what);
    for (const key of Object.keys(node)) item(node[key], at(where, key), key);
  };
}

/** An array (`what`, of exactly `count` items when given) whose every item is checked by `item`. */
function list(item: Check, what = "an array", count?: number): Check {
  return (value, where) => {
    if (!Array.isArray(value) || (count !== undefined && value.length !== count)) {
      throw invalidTable(where, `expected ${what}, found ${quoteValue(value)}`);
    }
    value.forEach((entry, index) => item(entry, at(where, index), String(index)));
  };
}

/** One of `allowed` (a message says `lead` and the value). */
function oneOf(allowed: readonly string[], lead = "found"): Check {
  return (value, where) => {
    if (!allowed.includes(value as string)) {
      throw invalidTable(where, `${lead} ${quoteValue(value)}, expected ${listed(allowed)}`);
    }
  };
}

/** A string that `problem` finds nothing wrong with. */
function text(problem: (text: string) => string | undefined = () => undefined): Check {
  return (value, where) => {
    const found = problem(stringAt(value, where));
    if (found !== undefined) throw invalidTable(where, found);
  };
}

const string = text();
const strings = list(string);
/** Written by the check of the object that holds it. */
const any: Check = () => {};
const boolean: Check = (value, where) => {
  optionalBoolean({ value }, "value", (_, detail) => invalidTable(where, detail));
};
/** A separator joins a list into one value: a space, a tab or `|` (Swagger 2.0's ssv, tsv, pipes). */
const separator = oneOf([" ", "\t", "|"]);
/** A table's server is a base url: an absolute `http:` or `https:` URL, nothing else. */
const serverUrl = text(baseUrlProblem);
const mediaType = text(mediaTypeProblem);

/** A server as written: a string url, and variables with string defaults and enums. */
const server = record("a server", {
  url: string,
  variables: map(
    "a map of variables",
    record("a server variable", { default: string, enum: strings }),
  ),
}, ["url"]);

/** A parameter; its style and (for a header) its name depend on where it goes. */
const parameterFields = record("a parameter", {
  in: oneOf(LOCATIONS),
  name: string,
  style: any,
  explode: boolean,
  allowReserved: boolean,
  json: boolean,
  separator,
}, ["in", "name"]);

const parameter: Check = (value, where, key) => {
  parameterFields(value, where, key);
  const location = field(value as Node, "in") as ParameterLocation;
  if (location === "header") {
    text(headerNameProblem)(field(value as Node, "name"), at(where, "name"), "name");
  }
  const style = field(value as Node, "style");
  if (style !== undefined) oneOf(STYLES[location], "style")(style, at(where, "style"), "style");
};

/** A form body's `encoding`, or (`multipart`) the `multipart` encodings with their part types. */
function encoding(multipart: boolean): Check {
  return map(
    "an encoding map",
    record("an encoding", {
      style: oneOf(STYLES.query, "style"),
      explode: boolean,
      allowReserved: boolean,
      separator,
      [multipart ? "contentType" : "json"]: multipart ? mediaType : boolean,
    }),
  );
}

const body = record("a body", {
  type: mediaType,
  kind: oneOf(["json", "form", "multipart", "data"]),
  encoding: encoding(false),
  multipart: encoding(true),
  fields: strings,
  closed: strings,
  parameter: string,
}, ["type"]);

/** The security schemes of a table, checked, by name. */
function checkSchemes(value: unknown): Map<string, SchemeDeclaration> {
  const schemes = new Map<string, SchemeDeclaration>();
  if (value === undefined) return schemes;
  map("the security schemes", (value, where, name) => {
    const entry = plainAt(value, where, "a security scheme");
    const error = field(entry, "error");
    const scheme = error === undefined
      ? schemeOf(entry)
      : { error: stringAt(error, at(where, "error")) };
    if (typeof scheme === "string") throw invalidTable(where, scheme);
    record("", Object.fromEntries(Object.keys(scheme).map((key) => [key, any])))(
      entry,
      where,
      name,
    );
    schemes.set(name, scheme);
  })(value, "schemes", "schemes");
  return schemes;
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
  let schemes = new Map<string, SchemeDeclaration>();
  /** Security requirements: alternatives, each a list of the names of sendable schemes. */
  const security = list(list((name, where) => {
    if (typeof name !== "string" || schemes.get(name)?.type === undefined) {
      throw invalidTable(
        where,
        `found ${quoteValue(name)}, expected the name of a scheme of the table`,
      );
    }
  }));
  const operation = record("an operation", {
    parameters: list(parameter),
    body,
    server: serverUrl,
    servers: list(server, "an array of one server", 1),
    security,
    error: string,
  });
  // A copy, frozen: changing the caller's table afterwards changes no builder.
  const table = copyPlain(value, true, "OpenAPI table") as Node;
  record("an operation table", {
    format: oneOf([TABLE_FORMAT]),
    server: serverUrl,
    servers: list(server, "an array of servers"),
    schemes: (value) => schemes = checkSchemes(value),
    security,
    operations: map("the operations", (value, where, route) => {
      // The path is the description's, spaces and all: split at the first space only.
      const space = route.indexOf(" ");
      const method = route.slice(0, space);
      if (space <= 0 || !isToken(method) || method !== method.toUpperCase()) {
        throw invalidTable(where, `expected a key "<METHOD> <path>" with the method upper-case`);
      }
      operation(value, where, route);
    }),
  }, ["format", "operations"])(table, TOP, "");
  return {
    operations: new Map(
      Object.entries(field(table, "operations") as Record<string, OperationDeclaration>),
    ),
    server: field(table, "server") as string | undefined,
    servers: field(table, "servers") as ServerDeclaration[] | undefined,
    schemes,
    security: field(table, "security") as SecurityDeclaration | undefined,
  };
}

/**
 * The table of a description that `compileLazily()` read: its operations
 * are compiled on first use, not copied nor checked again.
 */
export function compiledTable(compiled: CompiledDescription): TableContents {
  return { ...compiled, schemes: checkSchemes(compiled.schemes) };
}
