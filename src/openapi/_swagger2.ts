/**
 * Swagger 2.0 documents (docs/design.md rule 27), read as the OpenAPI 3
 * document they describe, so that one compile writes one table for both:
 * `host`, `basePath` and `schemes` become the first server; `path`, `query`
 * and `header` parameters take the `style` and `explode` of their
 * `collectionFormat`; `formData` parameters become a form or multipart
 * request body, a `body` parameter the body itself; `consumes` chooses the
 * media type; `securityDefinitions` become `components.securitySchemes`.
 * What OpenAPI 3's styles cannot say (a list joined into one value: `tsv`,
 * and `ssv`, `tsv`, `pipes` in a path or header) is a separator, and a body
 * parameter's name is the key that carries the body: both are noted beside
 * the nodes made here, never in them, so that an OpenAPI 3 document cannot
 * ask for them. A request body is noted as its declaration (a form's is the
 * one the compile makes of OpenAPI 3's form of it, so that no schema is built
 * to be walked again).
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
  type FoundObject,
  invalidAt,
  items,
  list,
  type Node,
  object,
  type Place,
  place,
  type Resolver,
  topPlace,
} from "./_refs.ts";
import {
  essence,
  isJsonMediaType,
  isWildcard,
  mediaTypeProblem,
  serverTextProblem,
} from "./_wire.ts";

const JSON_TYPE = "application/json";
const FORM = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data";

/** `collectionFormat` → the separator that joins a list ("" for csv and multi). */
const SEPARATORS: Record<string, string> = { csv: "", ssv: " ", tsv: "\t", pipes: "|", multi: "" };

/**
 * Beside a node made here: a parameter's separator (a string), a request
 * body's declaration, or the problem of an operation that could not be read
 * (a `TypeError`). The compile reads it; only this module writes it.
 */
export const notes: WeakMap<object, string | TypeError | BodyDeclaration> = new WeakMap();

/**
 * Whether a path has a `.` or `..` segment, each dot plain or `%2e` in any
 * case, as WHATWG URL reads them (it removes `/%2e%2e/` as it removes `/../`).
 */
function hasDotSegment(path: string): boolean {
  for (const segment of path.split("/")) {
    const dots = segment.toLowerCase().replaceAll("%2e", ".");
    if (dots === "." || dots === "..") return true;
  }
  return false;
}

/** The document's server url from `host`, `basePath` and `schemes`; `undefined` for none. */
function serverUrl(document: Node): string | undefined {
  const host = field(document, "host");
  // Letters, digits, "-", ".", "_", a port's ":", IPv6's "[]", a template's "{}": nothing that moves the url.
  if (host !== undefined && !(typeof host === "string" && /^[\w.:[\]{}-]+$/.test(host))) {
    throw invalidAt("host", `${quoteValue(host)} is not a host, expected a name and port`);
  }
  const base = field(document, "basePath") ?? "/";
  const problem = typeof base !== "string" || base[0] !== "/" || hasDotSegment(base)
    ? `${quoteValue(base)}, expected a path from "/" without "." or ".." segments`
    : serverTextProblem(base);
  if (problem !== undefined) throw invalidAt("basePath", problem);
  const path = base === "/" ? "" : base as string;
  // A templated host (Azure's "{Endpoint}") has no default: as a relative server, it needs baseUrl.
  if (host === undefined || /[{}]/.test(host as string)) return path || undefined;
  const schemes = field(document, "schemes") ?? [];
  const listed = Array.isArray(schemes) ? items(schemes, topPlace("schemes")) : [];
  // https when listed (rule 27) or none is listed, never a clear-text default.
  const scheme = listed.includes("https") || !listed.length ? "https" : "http";
  if (!Array.isArray(schemes) || (listed.length && !listed.includes(scheme))) {
    throw invalidAt("schemes", `${quoteValue(schemes)}, expected a list with "https" or "http"`);
  }
  return `${scheme}://${host}${path}`;
}

/** A `collectionFormat` as OpenAPI 3's `style` and `explode`, and the separator no style says. */
interface Collection {
  readonly style: string;
  readonly explode: boolean;
  readonly separator: string;
}

/**
 * The `collectionFormat` of the parameter `node` at `where`, in `location`.
 *
 * @throws {TypeError} For a format Swagger 2.0 does not have.
 */
function collection(node: Node, where: Place, location: unknown): Collection {
  const format = field(node, "collectionFormat") ?? "csv";
  if (typeof format !== "string" || !Object.hasOwn(SEPARATORS, format)) {
    throw invalidAt(
      place(where, "collectionFormat"),
      `${quoteValue(format)}, expected "csv", "ssv", "tsv", "pipes" or "multi"`,
    );
  }
  const style = format === "ssv" ? "spaceDelimited" : format === "pipes" ? "pipeDelimited" : "form";
  // In a path or header every separator is noted (no style there says it); in a query or form
  // only tsv's (ssv and pipes have styles).
  const separator = style === "form" || !(location === "query" || location === "formData")
    ? SEPARATORS[format]
    : "";
  return { style, explode: format === "multi", separator };
}

/**
 * A path, query or header parameter as OpenAPI 3's: a query one takes the
 * style and explode of its `collectionFormat`; a separator no style says is
 * noted beside it. The compile calls it once per parameter definition.
 *
 * @throws {TypeError} For a `collectionFormat` Swagger 2.0 does not have.
 */
export function swagger2Parameter(node: Node, where: Place): Node {
  const location = field(node, "in");
  const name = field(node, "name");
  const { style, explode, separator } = collection(node, where, location);
  const converted: Node = location === "query"
    ? { name, in: location, style, explode }
    : { name, in: location };
  if (separator) notes.set(converted, separator);
  return converted;
}

/**
 * One operation's or path item's parameters as OpenAPI 3 reads them: path,
 * query and header ones as written (the compile converts each definition
 * once: {@linkcode swagger2Parameter}), `body` and `formData` ones made
 * into a request body with `consumes`, its path's `common` ones joining (the
 * operation's winning). `common` is `undefined` for the path item itself,
 * whose `body` and `formData` parameters are returned apart instead.
 */
function convertParameters(
  refs: Resolver,
  document: Node,
  container: FoundObject,
  common: readonly FoundObject[] | undefined,
): { converted: Node; bodyParameters: FoundObject[] } {
  const at = place(container.place, "parameters");
  let values = list(container.node, "parameters", container.place);
  let found = values.map((value, i) => object(refs, value, place(at, i), "a parameter"));
  if (common?.length) {
    const key = (found: FoundObject) => field(found.node, "in") + " " + field(found.node, "name");
    const mine = new Set(found.map(key));
    const inherited = common.filter((found) => !mine.has(key(found)));
    found = found.concat(inherited);
    values = values.concat(inherited.map((found) => found.node));
  }
  const parameters: unknown[] = [];
  const bodyParameters: FoundObject[] = [];
  // The named options among the form fields or the body parameter's name (the body's `fields`),
  // and each list's encoding, declared as the compile declares a schema's properties and encoding.
  let form = false;
  const fields: string[] = [];
  let encoding: Record<string, unknown> | undefined;
  let file = false;
  let carrier: string | undefined;
  for (let i = 0; i < found.length; i++) {
    const node = found[i].node;
    const location = field(node, "in");
    const name = field(node, "name");
    if (typeof name !== "string" || !(location === "formData" || location === "body")) {
      parameters.push(values[i]);
      continue;
    }
    if (!common) {
      bodyParameters.push(found[i]);
      continue;
    }
    const { style, explode, separator } = collection(node, found[i].place, location);
    if (isNamedOption(name) && !fields.includes(name)) fields.push(name);
    if (location === "body") {
      if (carrier !== undefined) throw invalidAt(at, "has two body parameters, expected one");
      carrier = name;
      continue;
    }
    const type = field(node, "type");
    file ||= type === "file";
    form = true;
    if (type === "array") {
      const declaration: Record<string, unknown> = { style, explode };
      if (separator) declaration.separator = separator;
      setOwn(encoding ??= {}, name, declaration);
    }
  }
  const converted: Node = {
    parameters,
    security: field(container.node, "security"),
  };
  if (carrier === undefined && !form) return { converted, bodyParameters };
  if (carrier !== undefined && form) {
    throw invalidAt(at, "has body and formData parameters, expected one or the other");
  }
  const raw = field(container.node, "consumes") ?? field(document, "consumes") ?? [];
  if (!Array.isArray(raw)) {
    throw invalidAt(place(container.place, "consumes"), `${quoteValue(raw)}, expected a list`);
  }
  const types = items(raw, at).map(String);
  const essences = carrier === undefined ? types.map(essence) : [];
  // Form fields: multipart for a file, or when only multipart is listed; else a form.
  const multipart = file || (!essences.includes(FORM) && essences.includes(MULTIPART));
  // A body parameter: JSON for a JSON type, a wildcard or none (rule 25), else the first type, as given.
  const type = carrier === undefined ? multipart ? MULTIPART : FORM : types.find(isJsonMediaType) ??
    (!types.length || types.some(isWildcard) ? JSON_TYPE : types[0]);
  // Declared as the compile declares OpenAPI 3's form of it (an object schema of the fields, the
  // lists encoded), with the name that carries a body parameter.
  const body: Record<string, unknown> = carrier === undefined
    ? { type, kind: multipart ? "multipart" : "form" }
    : { type, parameter: carrier };
  if (fields.length > 0) body.fields = fields;
  if (multipart) body.multipart = encoding ?? {};
  else if (encoding !== undefined) body.encoding = encoding;
  // A body parameter's type that is no media type is left for the compile to report, as a content's.
  const requestBody = carrier !== undefined && mediaTypeProblem(type) !== undefined
    ? { content: { [type]: {} } }
    : {};
  notes.set(requestBody, body as unknown as BodyDeclaration);
  converted.requestBody = requestBody;
  return { converted, bodyParameters };
}

/** The methods of a Swagger 2.0 path item. */
export const SWAGGER2_METHODS: readonly string[] = [
  "get",
  "put",
  "post",
  "delete",
  "options",
  "head",
  "patch",
];

/**
 * One path item as OpenAPI 3's, or `value` as it is when it cannot be read
 * (the compile then reports the problem for each method of the path).
 */
function convertPathItem(refs: Resolver, document: Node, value: unknown, path: string): unknown {
  let item: FoundObject;
  try {
    item = object(refs, value, place(topPlace("paths"), path), "a path item");
  } catch {
    return value;
  }
  const operations: Node = {};
  // The path's parameters: path, query and header ones stay the path's (the compile merges them);
  // formData and body ones join each operation's body.
  let common: FoundObject[] | TypeError = [];
  if (field(item.node, "parameters") !== undefined) {
    try {
      const { converted, bodyParameters } = convertParameters(refs, document, item, undefined);
      operations.parameters = converted.parameters;
      common = bodyParameters;
    } catch (error) {
      common = error as TypeError;
    }
  }
  for (const method of SWAGGER2_METHODS) {
    const value = field(item.node, method);
    if (value === undefined) continue;
    try {
      if (common instanceof TypeError) throw common;
      const operation = object(refs, value, place(item.place, method), "an operation");
      operations[method] = convertParameters(refs, document, operation, common).converted;
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      notes.set(operations[method] = {}, error);
    }
  }
  return operations;
}

/** A Swagger 2.0 document read as OpenAPI 3's, its path items converted one at a time. */
export interface Swagger2Document {
  /**
   * The top of the OpenAPI 3 document: its server, `components.securitySchemes`
   * and `security`; `paths` as written. `$ref`s lead into the Swagger 2.0
   * document, as written.
   */
  readonly document: Node;
  /**
   * The path item `value` (of the path `path`) as OpenAPI 3's, `$ref`s
   * followed with `refs` (the compile's, over the Swagger 2.0 document), made when the
   * compile first asks for it: a builder is made without reading every
   * operation (docs/design.md rule 27).
   */
  pathItem(refs: Resolver, value: unknown, path: string): unknown;
  /** A path, query or header parameter as OpenAPI 3's: {@linkcode swagger2Parameter}. */
  parameter(node: Node, where: Place): Node;
}

/**
 * The OpenAPI 3 document a Swagger 2.0 document describes, as far as the
 * compile reads it: its top at once, each path item when asked for.
 *
 * @throws {TypeError} For a `host`, `basePath` or `schemes` that can make
 * no base url.
 */
export function fromSwagger2(document: Node): Swagger2Document {
  const server = serverUrl(document);
  // Rule 26's credentials read OpenAPI 3's schemes: basic is http basic, oauth2 a bearer token.
  const definitions = field(document, "securityDefinitions");
  const securitySchemes: Node = {};
  for (const name of isPlainObject(definitions) ? Object.keys(definitions) : []) {
    const definition = (definitions as Node)[name];
    const type = isPlainObject(definition) ? field(definition, "type") : undefined;
    setOwn(
      securitySchemes,
      name,
      type === "basic"
        ? { type: "http", scheme: "basic" }
        : type === "oauth2"
        ? { type, flows: {} }
        : definition,
    );
  }
  return {
    document: {
      openapi: "3.0.3",
      paths: field(document, "paths"),
      components: { securitySchemes },
      security: field(document, "security"),
      servers: server === undefined ? undefined : [{ url: server }],
    },
    pathItem: (refs, value, path) => convertPathItem(refs, document, value, path),
    parameter: swagger2Parameter,
  };
}
