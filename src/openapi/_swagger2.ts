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
 * ask for them.
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
  Resolver,
  topPlace,
} from "./_refs.ts";
import { essence, isJsonMediaType, isWildcard, serverTextProblem } from "./_wire.ts";

const JSON_TYPE = "application/json";
const FORM = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data";

/** `collectionFormat` → the separator that joins a list ("" for csv and multi). */
const SEPARATORS: Record<string, string> = { csv: "", ssv: " ", tsv: "\t", pipes: "|", multi: "" };

/**
 * Beside a node made here: a parameter's or form field's separator, the
 * name of the body parameter a request body carries, or the problem of an
 * operation that could not be read.
 */
const notes = new WeakMap<object, string | TypeError>();

/** The separator of a parameter or encoding node made from a `collectionFormat`. */
export function separatorOf(node: object): string | undefined {
  const note = notes.get(node);
  return typeof note === "string" ? note : undefined;
}

/** The declaration of a request body node made from a `body` parameter; else `undefined`. */
export function carriedBody(node: object, type: string): BodyDeclaration | undefined {
  const name = separatorOf(node);
  if (name === undefined) return undefined;
  return isNamedOption(name)
    ? { type, parameter: name, fields: [name] }
    : { type, parameter: name };
}

/** Throws the problem of a Swagger 2.0 operation that could not be read. */
export function checkConverted(node: unknown): void {
  const note = isPlainObject(node) ? notes.get(node) : undefined;
  if (note instanceof TypeError) throw note;
}

/** The document's server url from `host`, `basePath` and `schemes`; `undefined` for none. */
function serverUrl(document: Node): string | undefined {
  const host = field(document, "host");
  // Letters, digits, "-", ".", "_", a port's ":", IPv6's "[]", a template's "{}": nothing that moves the url.
  if (host !== undefined && !(typeof host === "string" && /^[\w.:[\]{}-]+$/.test(host))) {
    throw invalidAt("host", `${quoteValue(host)} is not a host, expected a name and port`);
  }
  const base = field(document, "basePath") ?? "/";
  const problem = typeof base !== "string" || base[0] !== "/" || (base + "/").includes("/./") ||
      (base + "/").includes("/../")
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

/**
 * One operation as OpenAPI 3's: its parameters and its path's `common` ones
 * (the operation's winning), a request body from its `body` or `formData`
 * parameters and `consumes`, its `security`.
 */
function convertOperation(
  refs: Resolver,
  document: Node,
  value: unknown,
  where: Place,
  common: readonly FoundObject[],
): Node {
  const operation = object(refs, value, where, "an operation");
  const at = place(operation.place, "parameters");
  const own = list(operation.node, "parameters", operation.place).map((parameter, i) =>
    object(refs, parameter, place(at, i), "a parameter")
  );
  const key = (found: FoundObject) => field(found.node, "in") + " " + field(found.node, "name");
  const mine = common.length ? new Set(own.map(key)) : undefined;
  const parameters: Node[] = [];
  let properties: Node | undefined;
  const encoding: Node = {};
  let file = false;
  let carrier: string | undefined;
  for (const found of mine ? own.concat(common.filter((found) => !mine.has(key(found)))) : own) {
    const node = found.node;
    const location = field(node, "in");
    const name = field(node, "name");
    const type = field(node, "type");
    const format = field(node, "collectionFormat") ?? "csv";
    if (typeof format !== "string" || !Object.hasOwn(SEPARATORS, format)) {
      throw invalidAt(
        place(found.place, "collectionFormat"),
        `${quoteValue(format)}, expected "csv", "ssv", "tsv", "pipes" or "multi"`,
      );
    }
    const separator = SEPARATORS[format];
    const style = format === "ssv"
      ? "spaceDelimited"
      : format === "pipes"
      ? "pipeDelimited"
      : "form";
    const explode = format === "multi";
    let made: Node | undefined;
    if (location === "formData" && typeof name === "string") {
      file ||= type === "file";
      setOwn(properties ??= {}, name, {});
      if (type === "array") setOwn(encoding, name, made = { style, explode });
    } else if (location === "body" && typeof name === "string") {
      if (carrier !== undefined) throw invalidAt(at, "has two body parameters, expected one");
      carrier = name;
    } else if (location === "query") {
      parameters.push(made = { name, in: location, style, explode });
    } else {
      parameters.push(made = { name, in: location });
    }
    // In a path or header every separator is noted (no style there says it); in a query or form
    // only tsv's (ssv and pipes have styles).
    if (
      made && separator && (style === "form" || !(location === "query" || location === "formData"))
    ) {
      notes.set(made, separator);
    }
  }
  const converted: Node = { parameters, security: field(operation.node, "security") };
  if (carrier === undefined && !properties) return converted;
  if (carrier !== undefined && properties) {
    throw invalidAt(at, "has body and formData parameters, expected one or the other");
  }
  const raw = field(operation.node, "consumes") ?? field(document, "consumes") ?? [];
  if (!Array.isArray(raw)) {
    throw invalidAt(place(operation.place, "consumes"), `${quoteValue(raw)}, expected a list`);
  }
  const types = items(raw, at).map(String);
  const has = (wanted: string) => types.some((type) => essence(type) === wanted);
  // A body parameter: JSON for a JSON type, a wildcard or none (rule 25), else the first type, as given.
  // Form fields: multipart for a file, or when only multipart is listed; else a form.
  const type = carrier !== undefined
    ? types.find(isJsonMediaType) ??
      (!types.length || types.some(isWildcard) ? JSON_TYPE : types[0])
    : file || (!has(FORM) && has(MULTIPART))
    ? MULTIPART
    : FORM;
  const requestBody = {
    content: { [type]: { schema: { type: "object", properties }, encoding } },
  };
  if (carrier !== undefined) notes.set(requestBody, carrier);
  converted.requestBody = requestBody;
  return converted;
}

/**
 * The OpenAPI 3 document a Swagger 2.0 document describes, as far as the
 * compile reads it. `#/definitions/...` `$ref`s still resolve in it.
 *
 * @throws {TypeError} For a `host`, `basePath` or `schemes` that can make
 * no base url.
 */
export function fromSwagger2(document: Node): Node {
  const refs = new Resolver(document);
  const server = serverUrl(document);
  const paths = field(document, "paths");
  const converted: Node = {};
  for (const path of isPlainObject(paths) ? Object.keys(paths) : []) {
    const value = (paths as Node)[path];
    let item: FoundObject;
    try {
      item = object(refs, value, place(topPlace("paths"), path), "a path item");
    } catch {
      setOwn(converted, path, value); // compiled as it is: the compile reports it for each method
      continue;
    }
    const operations: Node = {};
    // The path's parameters, converted once: path, query and header ones stay the path's (the
    // compile merges them); formData and body ones join each operation's body.
    let common: FoundObject[] | TypeError;
    try {
      const at = place(item.place, "parameters");
      operations.parameters =
        convertOperation(refs, document, item.node, item.place, []).parameters;
      common = list(item.node, "parameters", item.place).map((parameter, i) =>
        object(refs, parameter, place(at, i), "a parameter")
      ).filter((found) => {
        const location = field(found.node, "in");
        return location === "formData" || location === "body";
      });
    } catch (error) {
      common = error as TypeError;
    }
    for (const method of ["get", "put", "post", "delete", "options", "head", "patch"]) {
      const operation = field(item.node, method);
      if (operation === undefined) continue;
      try {
        if (common instanceof TypeError) throw common;
        operations[method] = convertOperation(
          refs,
          document,
          operation,
          place(item.place, method),
          common,
        );
      } catch (error) {
        if (!(error instanceof TypeError)) throw error;
        notes.set(operations[method] = {}, error);
      }
    }
    setOwn(converted, path, operations);
  }
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
    openapi: "3.0.3",
    paths: isPlainObject(paths) || paths === undefined ? converted : paths,
    components: { securitySchemes },
    definitions: field(document, "definitions"),
    parameters: field(document, "parameters"),
    security: field(document, "security"),
    ...(server === undefined ? {} : { servers: [{ url: server }] }),
  };
}
