/**
 * Swagger 2.0 documents (docs/design.md rule 27), read as the OpenAPI 3
 * document they describe, so that one compile writes one table for both:
 * `host`, `basePath` and `schemes` become the first server; `path`, `query`
 * and `header` parameters take the `style` and `explode` of their
 * `collectionFormat`; `formData` parameters become a form or multipart
 * request body, a `body` parameter the body itself; `consumes` chooses the
 * media type; `securityDefinitions` become `components.securitySchemes`.
 * What OpenAPI 3's styles cannot say (`tsv`, and `ssv`, `tsv`, `pipes` in a
 * path, header or form field: a list joined into one value) is a
 * `separator`; a `body` parameter's name is the key that carries the body.
 * Both are kept beside the nodes made here, never in them, so that an
 * OpenAPI 3 document cannot ask for them.
 *
 * Own properties only, each `$ref` followed once, no recursion: linear in the
 * document (rule 16). A problem in one operation is kept for that operation.
 *
 * @module
 */

import { isNamedOption, isPlainObject, quoteValue, setOwn } from "../endpoint/kit.ts";
import type { BodyDeclaration } from "./_declarations.ts";
import {
  field,
  invalidAt,
  items,
  list,
  type Node,
  object,
  type Place,
  place,
  Resolver,
  topPlace,
} from "./_refs.ts";
import { essence, isJsonMediaType, isWildcard, serverTextProblem } from "./_wire.ts";

const NONE: string[] = [];
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch"];
const FORM = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data";

/** `collectionFormat` → how a list is written: [query style, explode, separator]. */
const FORMATS: Record<string, readonly [string, boolean, string | undefined]> = {
  csv: ["form", false, undefined],
  ssv: ["spaceDelimited", false, " "],
  tsv: ["form", false, "\t"],
  pipes: ["pipeDelimited", false, "|"],
  multi: ["form", true, undefined],
};

/** A list joined into one value by this separator, for the nodes made here. */
const separators = new WeakMap<object, string>();
/** The name of the `body` parameter a request body node made here carries. */
const carriers = new WeakMap<object, string>();
/** The problem of an operation that could not be read, by the node that stands for it. */
const failures = new WeakMap<object, TypeError>();

/** The separator of a parameter or encoding node made from a Swagger 2.0 `collectionFormat`. */
export function separatorOf(node: object): string | undefined {
  return separators.get(node);
}

/**
 * The body declaration of a request body node made from a `body`
 * parameter (the parameter's name carries the body); `undefined` for others.
 */
export function carriedBody(node: object, type: string): BodyDeclaration | undefined {
  const name = carriers.get(node);
  if (name === undefined) return undefined;
  return isNamedOption(name)
    ? { type, parameter: name, fields: [name] }
    : { type, parameter: name };
}

/** Throws the problem of a Swagger 2.0 operation that could not be read. */
export function checkConverted(node: unknown): void {
  const failure = isPlainObject(node) ? failures.get(node) : undefined;
  if (failure !== undefined) throw failure;
}

/** Whether `description` says it is Swagger 2.0. */
export function isSwagger2(description: Node): boolean {
  return field(description, "swagger") === "2.0";
}

function isHostChar(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a) || code === 0x2d || code === 0x2e || code === 0x3a ||
    code === 0x5b || code === 0x5d || code === 0x5f || code === 0x7b || code === 0x7d;
}

/** The document's server url from `host`, `basePath` and `schemes`; `undefined` for none. */
function serverUrl(document: Node): string | undefined {
  const host = field(document, "host");
  if (
    host !== undefined &&
    (typeof host !== "string" || host === "" ||
      ![...host].every((c) => isHostChar(c.charCodeAt(0))))
  ) {
    throw invalidAt(
      "host",
      `${
        quoteValue(host)
      } is not a host, expected a host name and an optional port such as "api.example.com:8443"`,
    );
  }
  const basePath = field(document, "basePath");
  if (basePath !== undefined) {
    const segments = typeof basePath === "string" ? basePath.split("/") : [];
    if (
      typeof basePath !== "string" || !basePath.startsWith("/") ||
      segments.some((segment) => segment === "." || segment === "..")
    ) {
      throw invalidAt(
        "basePath",
        `${
          quoteValue(basePath)
        } is not a base path, expected a path that starts with "/" and has no "." or ".." segment`,
      );
    }
  }
  const text = typeof basePath === "string" ? serverTextProblem(basePath) : undefined;
  if (text !== undefined) throw invalidAt("basePath", text);
  const path = basePath === undefined || basePath === "/" ? "" : basePath as string;
  // A templated host (Azure's "{Endpoint}") has no default: as a relative server, it needs baseUrl.
  if (host === undefined || (host as string).includes("{") || (host as string).includes("}")) {
    return path === "" ? undefined : path;
  }
  const schemes = field(document, "schemes");
  let scheme = "https";
  if (schemes !== undefined) {
    if (!Array.isArray(schemes)) {
      throw invalidAt("schemes", `expected an array of schemes, found ${quoteValue(schemes)}`);
    }
    const listed = items(schemes, topPlace("schemes"));
    // https when listed (rule 27), else http; none listed: https, never a clear-text default.
    if (!listed.includes("https") && listed.length > 0) {
      if (!listed.includes("http")) {
        throw invalidAt(
          "schemes",
          `${quoteValue(schemes)} lists no web scheme, expected "https" or "http"`,
        );
      }
      scheme = "http";
    }
  }
  return `${scheme}://${host}${path}`;
}

/** A Swagger 2.0 security scheme as OpenAPI 3's (rule 26's credentials read those). */
function securityScheme(definition: unknown): unknown {
  if (!isPlainObject(definition)) return definition;
  const type = field(definition, "type");
  if (type === "basic") return { type: "http", scheme: "basic" };
  if (type === "apiKey") {
    return { type, name: field(definition, "name"), in: field(definition, "in") };
  }
  if (type === "oauth2") return { type, flows: {} };
  return { type };
}

/**
 * What one Swagger 2.0 parameter is, once read. Every field is set, so that
 * none is ever read from a polluted Object.prototype.
 */
interface Read {
  readonly in: string;
  readonly name: string;
  /** An OpenAPI 3 parameter (path, query, header). */
  readonly parameter: Node | undefined;
  /** A form field's schema and encoding (formData). */
  readonly schema: Node | undefined;
  readonly encoding: Node | undefined;
  readonly file: boolean;
}

function made(
  location: string,
  name: string,
  parameter?: Node,
  schema?: Node,
  encoding?: Node,
  file = false,
): Read {
  return { in: location, name, parameter, schema, encoding, file };
}

/** The list style of a parameter: its `collectionFormat`, csv by default. */
function formatOf(node: Node, where: Place): readonly [string, boolean, string | undefined] {
  const format = field(node, "collectionFormat") ?? "csv";
  if (typeof format !== "string" || !Object.hasOwn(FORMATS, format)) {
    throw invalidAt(
      place(where, "collectionFormat"),
      `found ${quoteValue(format)}, expected "csv", "ssv", "tsv", "pipes" or "multi"`,
    );
  }
  return FORMATS[format];
}

/** One Swagger 2.0 parameter. A parameter's `default` is not read: it is the server's. */
function readParameter(node: Node, where: Place): Read {
  const location = field(node, "in");
  const name = field(node, "name");
  if (typeof name !== "string" || name === "") {
    throw invalidAt(place(where, "name"), `expected a non-empty string, found ${quoteValue(name)}`);
  }
  if (location === "body") return made(location, name);
  const [style, explode, separator] = formatOf(node, where);
  const type = field(node, "type");
  if (location === "formData") {
    const file = type === "file";
    const schema = file ? { type: "string", format: "binary" } : { type };
    const encoding: Node = { style, explode };
    // Only a list has a collectionFormat; a scalar field needs no encoding.
    if (separator !== undefined && style === "form") separators.set(encoding, separator);
    return made(location, name, undefined, schema, type === "array" ? encoding : undefined, file);
  }
  let parameter: Node;
  if (location === "query") {
    parameter = { name, in: location, style, explode };
    if (separator !== undefined && style === "form") separators.set(parameter, separator);
  } else if (location === "path" || location === "header") {
    parameter = { name, in: location };
    if (separator !== undefined) separators.set(parameter, separator);
  } else {
    throw invalidAt(
      place(where, "in"),
      `found ${quoteValue(location)}, expected "path", "query", "header", "formData" or "body"`,
    );
  }
  return made(location, name, parameter);
}

/** What one conversion has read: each parameter node once, however many operations share it. */
interface Conversion {
  readonly refs: Resolver;
  readonly read: Map<object, Read | TypeError>;
  readonly consumes: unknown;
  /** Each consumes list read, by the array written (most operations share the document's). */
  readonly types: Map<object, string[]>;
}

function readOnce(c: Conversion, value: unknown, where: Place): Read {
  const found = object(c.refs, value, where, "a parameter");
  // Only a $ref's target can be met twice.
  if (!found.shared) return readParameter(found.node, found.place);
  const known = c.read.get(found.node);
  if (known instanceof TypeError) throw known;
  if (known !== undefined) return known;
  try {
    const read = readParameter(found.node, found.place);
    c.read.set(found.node, read);
    return read;
  } catch (error) {
    if (error instanceof TypeError) c.read.set(found.node, error);
    throw error;
  }
}

/** The media types an operation consumes (its own, else the document's), as strings. */
function consumesOf(c: Conversion, operation: Node, where: Place): string[] {
  const own = field(operation, "consumes");
  const value = own ?? c.consumes;
  if (value === undefined) return NONE;
  const at = own === undefined ? topPlace("consumes") : place(where, "consumes");
  if (!Array.isArray(value)) {
    throw invalidAt(at, `expected an array of media types, found ${quoteValue(value)}`);
  }
  const known = c.types.get(value);
  if (known !== undefined) return known;
  const types = items(value, at).map((type, i) => {
    if (typeof type !== "string") {
      throw invalidAt(place(at, i), `expected a media type, found ${quoteValue(type)}`);
    }
    return type;
  });
  c.types.set(value, types);
  return types;
}

function listed(types: readonly string[], wanted: string): string | undefined {
  return types.find((type) => essence(type) === wanted);
}

/** What each consumes list means for a body parameter, by the list (shared lists are read once). */
const bodyTypes = new WeakMap<readonly string[], string>();

/** A body parameter's type: no type, a JSON type or a wildcard: JSON (rule 25); else the first. */
function bodyType(types: readonly string[]): string {
  let type = bodyTypes.get(types);
  if (type === undefined) {
    type = types.find(isJsonMediaType) ??
      (types.length === 0 || types.some(isWildcard) ? "application/json" : types[0]);
    bodyTypes.set(types, type);
  }
  return type;
}

/**
 * The request body of an operation's `body` parameter or `formData`
 * parameters, by `consumes`: a body parameter goes as JSON when a JSON type
 * (or none) is listed, else as given with the first type; form fields go as
 * multipart when one is a file or only multipart is listed, else as a form.
 */
function requestBody(types: string[], body: Read | undefined, form: Read[]): Node {
  if (body !== undefined) {
    const node = { content: { [bodyType(types)]: {} } };
    carriers.set(node, body.name);
    return node;
  }
  const multipart = form.some((field) => field.file) ||
    (listed(types, FORM) === undefined && listed(types, MULTIPART) !== undefined);
  const type = multipart ? listed(types, MULTIPART) ?? MULTIPART : listed(types, FORM) ?? FORM;
  const properties: Node = {};
  const encoding: Node = {};
  for (const field of form) {
    setOwn(properties, field.name, field.schema);
    if (field.encoding !== undefined) setOwn(encoding, field.name, field.encoding);
  }
  return { content: { [type]: { schema: { type: "object", properties }, encoding } } };
}

/** A path item's parameters, and where each name is among them. */
type Common = Read[] & { readonly byName: ReadonlyMap<string, number[]> };

/** One operation as OpenAPI 3's, with its path's `common` parameters. */
function convertOperation(
  c: Conversion,
  value: unknown,
  where: Place,
  common: Common,
): Node {
  const operation = object(c.refs, value, where, "an operation");
  const at = place(operation.place, "parameters");
  const own = list(operation.node, "parameters", operation.place).map((parameter, i) =>
    readOnce(c, parameter, place(at, i))
  );
  let all = own;
  if (common.length > 0) {
    // The operation's own win over the path's of the same name and in: one look-up each.
    let redefined: boolean[] | undefined;
    for (const read of own) {
      const indexes = common.byName.get(read.name);
      if (indexes === undefined) continue;
      for (const i of indexes) if (common[i].in === read.in) (redefined ??= [])[i] = true;
    }
    all = own.slice();
    for (let i = 0; i < common.length; i++) if (redefined?.[i] !== true) all.push(common[i]);
  }
  const parameters: Node[] = [];
  const form: Read[] = [];
  let body: Read | undefined;
  for (const read of all) {
    if (read.parameter !== undefined) parameters.push(read.parameter);
    else if (read.in === "formData") form.push(read);
    else if (body === undefined) body = read;
    else throw invalidAt(at, `has two body parameters, expected one at most`);
  }
  if (body !== undefined && form.length > 0) {
    throw invalidAt(at, `has both body and formData parameters, expected one or the other`);
  }
  const converted: Node = { parameters };
  // consumes matters only to a body.
  if (body !== undefined || form.length > 0) {
    converted.requestBody = requestBody(consumesOf(c, operation.node, operation.place), body, form);
  }
  const security = field(operation.node, "security");
  if (security !== undefined) converted.security = security;
  return converted;
}

/** A node that stands for an operation that could not be read. */
function failed(error: TypeError): Node {
  const node = {};
  failures.set(node, error);
  return node;
}

/** One path item as OpenAPI 3's: each operation converted, or standing for its problem. */
function convertPath(c: Conversion, value: unknown, where: Place): unknown {
  let item;
  try {
    item = object(c.refs, value, where, "a path item");
  } catch {
    return value; // compiled as it is: the compile reports it for each method
  }
  let common: Common | TypeError;
  try {
    const at = place(item.place, "parameters");
    const reads = list(item.node, "parameters", item.place).map((parameter, i) =>
      readOnce(c, parameter, place(at, i))
    );
    const byName = new Map<string, number[]>();
    reads.forEach((read, i) => {
      const indexes = byName.get(read.name);
      if (indexes === undefined) byName.set(read.name, [i]);
      else indexes.push(i);
    });
    common = Object.assign(reads, { byName });
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    common = error;
  }
  const converted: Node = {};
  for (const method of METHODS) {
    const operation = field(item.node, method);
    if (operation === undefined) continue;
    let node: Node;
    try {
      if (common instanceof TypeError) throw common;
      node = convertOperation(c, operation, place(item.place, method), common);
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      node = failed(error);
    }
    converted[method] = node;
  }
  return converted;
}

/**
 * The OpenAPI 3 document a Swagger 2.0 document describes, as far as the
 * compile reads it. `#/definitions/...` `$ref`s still resolve in it.
 *
 * @throws {TypeError} For a `host`, `basePath` or `schemes` that can make
 * no base url, or `paths` that is not an object.
 */
export function fromSwagger2(document: Node): Node {
  const c: Conversion = {
    refs: new Resolver(document),
    read: new Map(),
    consumes: field(document, "consumes"),
    types: new Map(),
  };
  const server = serverUrl(document);
  const paths = field(document, "paths");
  if (paths !== undefined && !isPlainObject(paths)) {
    throw invalidAt("paths", `expected an object, found ${quoteValue(paths)}`);
  }
  const converted: Node = {};
  for (const path of Object.keys(paths ?? {})) {
    if (path.startsWith("x-")) continue;
    setOwn(converted, path, convertPath(c, (paths as Node)[path], place(topPlace("paths"), path)));
  }
  const schemes: Node = {};
  const definitions = field(document, "securityDefinitions");
  if (isPlainObject(definitions)) {
    for (const name of Object.keys(definitions)) {
      setOwn(schemes, name, securityScheme(definitions[name]));
    }
  }
  const out: Node = {
    openapi: "3.0.3",
    paths: converted,
    components: { securitySchemes: schemes },
    definitions: field(document, "definitions"),
    parameters: field(document, "parameters"),
  };
  if (server !== undefined) out.servers = [{ url: server }];
  const security = field(document, "security");
  if (security !== undefined) out.security = security;
  return out;
}
