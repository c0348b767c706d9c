/**
 * Compiles an OpenAPI 3.0 or 3.1 description (or a Swagger 2.0 one, read by
 * _swagger2.ts as the OpenAPI 3 document it describes) into the operation table
 * (docs/design.md rule 25): every operation's parameters (path-level ones
 * included, the operation's winning), their styles, its body's media type
 * and form encoding, and its server. `$ref`s inside the document are
 * followed as far as that needs them; schemas are read only for a body's
 * top-level property names, never walked whole.
 *
 * Every step is linear in the description (docs/design.md rule 16): each
 * `$ref`, parameter, request body, server and schema is read once per
 * compile, however many operations share it, and no walk recurses, however
 * deep the document. Only own properties are read: a polluted
 * `Object.prototype` changes nothing.
 *
 * @module
 */

import type {
  BodyDeclaration,
  CompiledDescription,
  EncodingDeclaration,
  OperationDeclaration,
  Operations,
  ParameterDeclaration,
  ParameterLocation,
  ParameterStyle,
} from "./_declarations.ts";
import {
  copyPlain,
  isNamedOption,
  isPlainObject,
  listed,
  quoteValue,
  setOwn,
} from "../endpoint/kit.ts";
import {
  field,
  type FoundObject,
  invalidAt,
  items,
  list,
  type Node,
  object,
  optionalBoolean,
  type Place,
  place,
  Resolver,
  topPlace,
} from "./_refs.ts";
import { declareServer, documentServers } from "./_servers.ts";
import { closedProperties } from "./_strict.ts";
import { MULTIPART } from "./_multipart.ts";
import { type OpenAPITable, STYLES, TABLE_FORMAT } from "./_table.ts";
import { type DescriptionSecurity, descriptionSecurity } from "./_credentials.ts";
import { fromSwagger2, notes, SWAGGER2_METHODS, type Swagger2Document } from "./_swagger2.ts";
import {
  essence,
  fillUrl,
  headerNameProblem,
  isJsonMediaType,
  isWildcard,
  mediaTypeProblem,
  serverBase,
} from "./_wire.ts";

const METHODS = [...SWAGGER2_METHODS, "trace"];
const FORM = "application/x-www-form-urlencoded";
const COMBINATORS = ["allOf", "oneOf", "anyOf"];

/**
 * What one compile has read, by object: a parameter, request body, server or
 * schema that many operations share is read once, and each of them gets the
 * same declaration, or the same error.
 */
interface Compile {
  readonly refs: Resolver;
  /** A Swagger 2.0 parameter as OpenAPI 3's (rule 27); none for an OpenAPI 3 description. */
  readonly parameter: ((node: Node, where: Place) => Node) | undefined;
  readonly parameters: Map<object, ParameterDeclaration | TypeError>;
  readonly bodies: Map<object, BodyDeclaration | undefined | TypeError>;
  readonly servers: Map<object, string | TypeError>;
  /** The named options among a schema's top-level properties (only for walks that met no cycle). */
  readonly fields: Map<object, readonly string[] | TypeError>;
  readonly security: DescriptionSecurity;
  /** Whether the table records the description's servers, for the `server` option to choose (rule 26). */
  choices: boolean;
}

/**
 * `read()` of `node`, made once per compile: later calls get its result, or
 * its error again. Only for what other places can lead to (a `$ref`'s
 * target, or a part of one): the rest is read once anyway.
 */
function once<T>(memo: Map<object, T | TypeError>, node: object, read: () => T): T {
  if (memo.has(node)) {
    const known = memo.get(node);
    if (known instanceof TypeError) throw known;
    return known as T;
  }
  let result: T;
  try {
    result = read();
  } catch (error) {
    if (error instanceof TypeError) memo.set(node, error);
    throw error;
  }
  memo.set(node, result);
  return result;
}

/** A server's url with its variables at their defaults, and where it is written. */
interface ServerUrl {
  readonly url: string;
  /** Whether variables were filled in (the url is then not as written). */
  readonly filled: boolean;
  readonly place: Place;
  /** The server object. */
  readonly node: Node;
}

/** The url of a server object, its variables at their defaults. */
function fillVariables(server: Node, where: Place): string {
  const url = field(server, "url");
  const at = place(where, "url");
  if (typeof url !== "string") {
    throw invalidAt(at, `expected a string, found ${quoteValue(url)}`);
  }
  const variables = field(server, "variables");
  return fillUrl(url, (name) => {
    const variable = isPlainObject(variables) ? field(variables, name) : undefined;
    const value = isPlainObject(variable) ? field(variable, "default") : undefined;
    if (typeof value !== "string") {
      throw invalidAt(
        place(where, "variables"),
        `server variable ${quoteValue(name)} has no default, expected a string default`,
      );
    }
    return value;
  });
}

/** The first server of `servers`, variables at their defaults; `undefined` when there is none. */
function firstServer(c: Compile, servers: unknown, where: Place): ServerUrl | undefined {
  if (servers === undefined) return undefined;
  if (!Array.isArray(servers)) {
    throw invalidAt(where, `expected an array of servers, found ${quoteValue(servers)}`);
  }
  if (servers.length === 0) return undefined;
  const first = place(where, 0);
  const server = object(
    c.refs,
    Object.hasOwn(servers, 0) ? servers[0] : undefined,
    first,
    "a server",
  );
  const read = () => fillVariables(server.node, server.place);
  const url = server.shared ? once(c.servers, server.node, read) : read();
  return {
    url,
    filled: url !== field(server.node, "url"),
    place: place(server.place, "url"),
    node: server.node,
  };
}

/** Makes the `TypeError` for a problem that keeps `server` from being a base url. */
function badServer(server: ServerUrl): (problem: string) => TypeError {
  return (problem) =>
    invalidAt(
      server.place,
      server.filled ? `with its variables at their defaults, ${problem}` : problem,
    );
}

/**
 * The description's base url: its first server when that is an absolute
 * `http:` or `https:` URL; `undefined` for none or a relative one (a call
 * then needs a `baseUrl`).
 *
 * @throws {TypeError} For a server that can be no base url (another scheme,
 * userinfo, a query): the whole description's, so the description is refused.
 */
function documentServer(c: Compile, document: Node): string | undefined {
  const server = firstServer(c, field(document, "servers"), topPlace("servers"));
  return server && serverBase(server.url, undefined, badServer(server));
}

/** Makes `invalidAt` errors for the fields of the object at `where`. */
function invalidField(where: Place): (key: string, detail: string) => TypeError {
  return (key, detail) => invalidAt(place(where, key), detail);
}

/** Whether a parameter's `content` is JSON. */
function contentIsJson(content: unknown, where: Place): boolean {
  if (content === undefined) return false;
  if (!isPlainObject(content)) {
    throw invalidAt(where, `expected a map of media types, found ${quoteValue(content)}`);
  }
  const types = Object.keys(content);
  return types.length > 0 && isJsonMediaType(types[0]);
}

/**
 * The `style` of the object `node` at `where`, one of `allowed` (the styles
 * of `what`), or `undefined`.
 */
function styleOf(
  node: Node,
  allowed: readonly ParameterStyle[],
  what: string,
  where: Place,
): ParameterStyle | undefined {
  const style = field(node, "style");
  if (style !== undefined && !allowed.includes(style as ParameterStyle)) {
    throw invalidAt(
      place(where, "style"),
      `${quoteValue(style)} is not a style of ${what}, expected ${listed(allowed)}`,
    );
  }
  return style as ParameterStyle | undefined;
}

/** One parameter object, in the table's form (defaults left out). */
function parameterOf(parameter: Node, where: Place): ParameterDeclaration {
  const name = field(parameter, "name");
  if (typeof name !== "string" || name === "") {
    throw invalidAt(place(where, "name"), `expected a non-empty string, found ${quoteValue(name)}`);
  }
  const location = field(parameter, "in");
  if (typeof location !== "string" || !Object.hasOwn(STYLES, location)) {
    throw invalidAt(
      place(where, "in"),
      `found ${quoteValue(location)}, expected "path", "query", "header" or "cookie"${
        location === "body" || location === "formData" ? ' (or swagger "2.0" at the top)' : ""
      }`,
    );
  }
  if (location === "header") {
    const problem = headerNameProblem(name);
    if (problem !== undefined) throw invalidAt(place(where, "name"), problem);
  }
  const allowed = STYLES[location as ParameterLocation];
  const style = styleOf(parameter, allowed, `${location} parameters`, where);
  const declaration: Record<string, unknown> = { in: location, name };
  if (style !== undefined && style !== allowed[0]) declaration.style = style;
  const invalid = invalidField(where);
  const explode = optionalBoolean(parameter, "explode", invalid);
  const effective = (style ?? allowed[0]) as ParameterStyle;
  if (explode !== undefined && explode !== (effective === "form")) declaration.explode = explode;
  if (location === "query" && optionalBoolean(parameter, "allowReserved", invalid) === true) {
    declaration.allowReserved = true;
  }
  if (contentIsJson(field(parameter, "content"), place(where, "content"))) declaration.json = true;
  const separator = notes.get(parameter);
  if (typeof separator === "string") declaration.separator = separator;
  return declaration as unknown as ParameterDeclaration;
}

/**
 * One parameter (or `$ref` to one), read once per compile when others can
 * lead to it: it, or the path item or operation holding it (`within`), was
 * reached through a `$ref`.
 */
function readParameter(
  c: Compile,
  value: unknown,
  where: Place,
  within: boolean,
): ParameterDeclaration {
  const parameter = object(c.refs, value, where, "a parameter");
  const read = () =>
    parameterOf(
      c.parameter ? c.parameter(parameter.node, parameter.place) : parameter.node,
      parameter.place,
    );
  if (!parameter.shared && !within) return read();
  // A copy, so that no two operations of a table share a declaration.
  return { ...once(c.parameters, parameter.node, read) };
}

/** A schema being walked for its option fields. */
interface Frame {
  readonly node: Node | undefined;
  readonly found: string[];
  readonly parts: (readonly [unknown, Place])[];
  next: number;
  /** Its place in the walk, and the earliest of the schemas it leads back to (Tarjan's). */
  readonly index: number;
  low: number;
}

function addNames(into: string[], names: readonly string[]): void {
  for (const name of names) if (!into.includes(name)) into.push(name);
}

/** A frame for `node`: its own option properties, and its `allOf`, `oneOf` and `anyOf` parts. */
function frameOf(node: Node, where: Place, index: number): Frame {
  const found: string[] = [];
  const properties = field(node, "properties");
  if (isPlainObject(properties)) {
    for (const key of Object.keys(properties)) {
      if (isNamedOption(key) && !found.includes(key)) found.push(key);
    }
  }
  const parts: (readonly [unknown, Place])[] = [];
  for (const combinator of COMBINATORS) {
    const value = field(node, combinator);
    if (!Array.isArray(value)) continue;
    const at = place(where, combinator);
    items(value, at).forEach((part, i) => parts.push([part, place(at, i)]));
  }
  return { node, found, parts, next: 0, index, low: index };
}

/**
 * The top-level property names of a schema that are named options (`url`,
 * `data`...), through `$ref`s and `allOf`/`oneOf`/`anyOf`, never deeper:
 * in the order a depth-first walk first meets them. The walk keeps its own
 * stack, so no nesting depth can overflow the call stack. What a schema
 * gives is kept for the next operation that uses it, once the walk has left
 * the schemas it leads back to (Tarjan's strongly connected components: the
 * schemas of a cycle of `allOf`s all give the same names), so that shared
 * schemas, in cycles or not, are walked once per compile (rule 16).
 */
function optionFields(c: Compile, schema: unknown, where: Place): readonly string[] {
  const root: Frame = {
    node: undefined,
    found: [],
    parts: [[schema, where]],
    next: 0,
    index: -1,
    low: -1,
  };
  const frames = [root];
  /** The schemas walked whose component is not finished, and their index. */
  const open: Node[] = [];
  const indexes = new Map<object, number>();
  try {
    for (;;) {
      const frame = frames[frames.length - 1];
      if (frame.next < frame.parts.length) {
        const [value, at] = frame.parts[frame.next++];
        const found = c.refs.resolve(value, at);
        const node = found.value;
        if (!isPlainObject(node)) continue;
        const known = c.fields.get(node);
        if (known instanceof TypeError) throw known;
        const index = indexes.get(node);
        if (known !== undefined) {
          addNames(frame.found, known);
        } else if (index !== undefined) {
          // A cycle: its names reach this frame when the walk leaves the cycle's first schema.
          frame.low = Math.min(frame.low, index);
        } else {
          indexes.set(node, open.length);
          open.push(node);
          frames.push(frameOf(node, found.place, open.length - 1));
        }
        continue;
      }
      frames.pop();
      if (frame === root) return frame.found;
      if (frame.low === frame.index) {
        // The first schema of its component: every schema of it gives these names.
        for (const node of open.splice(frame.index)) {
          c.fields.set(node, frame.found);
          indexes.delete(node);
        }
      }
      const parent = frames[frames.length - 1];
      addNames(parent.found, frame.found);
      parent.low = Math.min(parent.low, frame.low);
    }
  } catch (error) {
    // Every schema still open leads to the problem.
    if (error instanceof TypeError) { for (const node of open) c.fields.set(node, error); }
    throw error;
  }
}

/**
 * The form (or, `multipart`, multipart) encoding of a body's properties, in
 * the table's form: a multipart part keeps its first `contentType`.
 */
function readEncoding(
  c: Compile,
  encoding: unknown,
  where: Place,
  multipart = false,
): Record<string, EncodingDeclaration> | undefined {
  if (encoding === undefined) return undefined;
  if (!isPlainObject(encoding)) {
    throw invalidAt(where, `expected a map of properties, found ${quoteValue(encoding)}`);
  }
  const out: Record<string, EncodingDeclaration> = {};
  let any = false;
  for (const property of Object.keys(encoding)) {
    const entry = object(c.refs, encoding[property], place(where, property), "an encoding");
    const at = entry.place;
    const declaration: Record<string, unknown> = {};
    let set = false;
    const style = styleOf(entry.node, STYLES.query, "form properties", at);
    if (style !== undefined) {
      declaration.style = style;
      set = true;
    }
    const invalid = invalidField(at);
    const explode = optionalBoolean(entry.node, "explode", invalid);
    if (explode !== undefined) {
      declaration.explode = explode;
      set = true;
    }
    if (optionalBoolean(entry.node, "allowReserved", invalid) === true) {
      declaration.allowReserved = true;
      set = true;
    }
    const contentType = field(entry.node, "contentType");
    const first = typeof contentType === "string" ? contentType.split(",")[0].trim() : undefined;
    if (multipart && first !== undefined) {
      const problem = mediaTypeProblem(first);
      if (problem !== undefined) throw invalidAt(place(at, "contentType"), problem);
      declaration.contentType = first;
      set = true;
    } else if (first !== undefined && isJsonMediaType(first)) {
      declaration.json = true;
      set = true;
    }
    if (set) {
      setOwn(out, property, declaration);
      any = true;
    }
  }
  return any ? out : undefined;
}

/**
 * A request body object in the table's form: JSON when its media types list
 * a JSON type, a wildcard or nothing; a form when they list the form type;
 * multipart when they list `multipart/form-data`; else `data`. Every media
 * type listed must be one (RFC 9110), since one of them becomes the
 * `content-type`. A listed `multipart/form-data` is recorded with its
 * encoding whatever is chosen: a caller's `content-type` may choose it.
 */
function bodyOf(c: Compile, requestBody: Node, where: Place): BodyDeclaration | undefined {
  const content = field(requestBody, "content");
  // One made from Swagger 2.0 parameters (rule 27) is declared when converted: its note.
  if (content === undefined) return notes.get(requestBody) as BodyDeclaration | undefined;
  const at = place(where, "content");
  if (!isPlainObject(content)) {
    throw invalidAt(at, `expected a map of media types, found ${quoteValue(content)}`);
  }
  const types = Object.keys(content);
  for (const type of types) {
    const problem = mediaTypeProblem(type);
    if (problem !== undefined) throw invalidAt(at, problem);
  }
  const json = types.find(isJsonMediaType);
  const multipart = types.find((type) => essence(type) === MULTIPART);
  // Read back from locals, never from the object being built (Object.prototype may be polluted).
  let chosen: string;
  let type: string;
  let form = false;
  if (types.length === 0) {
    return undefined;
  } else if (json !== undefined) {
    chosen = type = json;
  } else if (types.some(isWildcard)) {
    chosen = types.find(isWildcard)!;
    type = "application/json";
  } else if (types.some((type) => essence(type) === FORM)) {
    chosen = types.find((type) => essence(type) === FORM)!;
    type = FORM;
    form = true;
  } else if (multipart !== undefined) {
    chosen = type = multipart;
  } else {
    return { type: types[0], kind: "data" };
  }
  const body: Record<string, unknown> = { type };
  if (form) body.kind = "form";
  else if (chosen === multipart) body.kind = "multipart";
  const media = object(c.refs, content[chosen], place(at, chosen), "a media type");
  const schemaAt = place(media.place, "schema");
  const fields = optionFields(c, field(media.node, "schema"), schemaAt);
  if (fields.length > 0) body.fields = [...fields];
  const closed = closedProperties(c.refs.resolve(field(media.node, "schema"), schemaAt).value);
  if (closed !== undefined) body.closed = closed;
  if (form) {
    const encoding = readEncoding(c, field(media.node, "encoding"), place(media.place, "encoding"));
    if (encoding !== undefined) body.encoding = encoding;
  }
  if (multipart !== undefined) {
    const parts = object(c.refs, content[multipart], place(at, multipart), "a media type");
    const encoding = field(parts.node, "encoding");
    body.multipart = readEncoding(c, encoding, place(parts.place, "encoding"), true) ?? {};
  }
  return body as unknown as BodyDeclaration;
}

/** An operation's request body (or `$ref` to one), read once per compile (see readParameter). */
function readBody(
  c: Compile,
  value: unknown,
  where: Place,
  within: boolean,
): BodyDeclaration | undefined {
  if (value === undefined) return undefined;
  const requestBody = object(c.refs, value, where, "a request body");
  const read = () => bodyOf(c, requestBody.node, requestBody.place);
  if (!requestBody.shared && !within) return read();
  const body = once(c.bodies, requestBody.node, read);
  // A copy, so that no two operations of a table share a declaration.
  return copyPlain(body, false, "a body");
}

/** What an operation declares, its server not yet weighed against the path's and the description's. */
interface Operation {
  readonly parameters: ParameterDeclaration[];
  readonly body: BodyDeclaration | undefined;
  readonly server: ServerUrl | undefined;
  /** Its own security requirements, when not the description's (rule 26). */
  readonly security: string[][] | undefined;
}

/**
 * One operation's declaration, with its path's `common` parameters;
 * `within` when its path item was reached through a `$ref`.
 *
 * @throws {TypeError} For a declaration the builder cannot write.
 */
function readOperation(
  c: Compile,
  value: unknown,
  where: Place,
  common: readonly ParameterDeclaration[],
  within: boolean,
): Operation {
  const operation = object(c.refs, value, where, "an operation");
  const at = operation.place;
  const shared = within || operation.shared;
  const parametersAt = place(at, "parameters");
  const parameters = list(operation.node, "parameters", at).map((parameter, index) =>
    readParameter(c, parameter, place(parametersAt, index), shared)
  );
  // The operation's own come first; a path-level one it redefines (same name and in) is
  // dropped: a keyed merge, linear however many parameters both levels have.
  if (common.length > 0) {
    // The operation's names by location: no key is built per parameter.
    const mine = new Map<string, Set<string>>();
    for (const parameter of parameters) {
      const names = mine.get(parameter.in);
      if (names === undefined) mine.set(parameter.in, new Set([parameter.name]));
      else names.add(parameter.name);
    }
    for (const inherited of common) {
      if (mine.get(inherited.in)?.has(inherited.name) !== true) parameters.push({ ...inherited });
    }
  }
  return {
    parameters,
    body: readBody(c, field(operation.node, "requestBody"), place(at, "requestBody"), shared),
    server: firstServer(c, field(operation.node, "servers"), place(at, "servers")),
    security: c.security.own(field(operation.node, "security"), place(at, "security")),
  };
}

/** The `openapi` versions whose rules routecast implements: "3.0.x" and "3.1.x". */
function isSupportedVersion(version: unknown): boolean {
  return typeof version === "string" && /^3\.[01]\.(?:0|[1-9][0-9]*)$/.test(version);
}

/**
 * The description as an OpenAPI 3 document, once it is an object with a
 * supported `openapi` version (its path items as written), or a Swagger 2.0
 * document (read as the OpenAPI 3 document it describes, rule 27, each path
 * item converted when it is compiled).
 *
 * @throws {TypeError} For a value that is neither, or a Swagger 2.0
 * document whose `host`, `basePath` or `schemes` make no base url.
 */
function openAPIDocument(
  description: unknown,
): Swagger2Document | {
  readonly document: Node;
  readonly pathItem?: undefined;
  readonly parameter?: undefined;
} {
  if (!isPlainObject(description)) {
    throw new TypeError(
      `Invalid OpenAPI description ${
        quoteValue(description)
      }: expected a parsed OpenAPI 3.0 or 3.1 document, or a Swagger 2.0 one (an object; parse YAML first)`,
    );
  }
  const version = field(description, "openapi");
  if (!isSupportedVersion(version)) {
    if (version === undefined && field(description, "swagger") === "2.0") {
      return fromSwagger2(description);
    }
    const swagger = field(description, "swagger");
    throw new TypeError(
      `Invalid OpenAPI description: ${swagger !== undefined ? "swagger" : "openapi"} is ${
        quoteValue(typeof swagger === "number" ? String(swagger) : swagger ?? version)
      }, expected an OpenAPI 3.0 or 3.1 document with openapi "3.0.x" or "3.1.x", or swagger "2.0"`,
    );
  }
  // Own fields, so that destructuring reads nothing from a polluted Object.prototype.
  return { document: description, pathItem: undefined, parameter: undefined };
}

/** What one path item gives each of its operations: its parameters and first server. */
interface PathLevel {
  readonly item: FoundObject;
  readonly common: readonly ParameterDeclaration[];
  readonly server: ServerUrl | undefined;
}

/**
 * One operation in the table's form, its server weighed against its path's
 * and the description's `server`.
 *
 * @throws {TypeError} For a declaration the builder cannot write.
 */
function operationDeclaration(
  c: Compile,
  value: unknown,
  where: Place,
  path: PathLevel,
  server: string | undefined,
): OperationDeclaration {
  const operation = readOperation(c, value, where, path.common, path.item.shared);
  const own = operation.server ?? path.server;
  // A relative one is resolved against the description's absolute server (routecast has no
  // document location, which the specification resolves it against), else a call needs a baseUrl.
  const operationBase = own && serverBase(own.url, server, badServer(own));
  const declaration: Record<string, unknown> = {};
  if (operation.parameters.length > 0) declaration.parameters = operation.parameters;
  if (operation.body !== undefined) declaration.body = operation.body;
  if (operationBase !== undefined && operationBase !== server) {
    declaration.server = operationBase;
  }
  if (operation.security !== undefined) declaration.security = operation.security;
  // As written, when the server options can change it (rule 26).
  if (own !== undefined && (c.choices || own.filled)) {
    declaration.servers = [declareServer(own.node)];
  }
  return declaration as OperationDeclaration;
}

/**
 * Records in `operations` each operation of the path `path` (its item
 * `value`): its declaration, or the problem a call of it reports. A path
 * item that cannot be read is recorded for every method of the path, a path
 * that does not start with `/` or a path level that cannot be read for each
 * of its operations; the description's other paths work.
 */
function compilePath(
  c: Compile,
  operations: Record<string, OperationDeclaration>,
  path: string,
  value: unknown,
  server: string | undefined,
): void {
  const where = place(topPlace("paths"), path);
  const badPath = path.startsWith("/")
    ? undefined
    : invalidAt(where, `path ${quoteValue(path)} does not start with "/"`);
  let item: FoundObject;
  try {
    item = object(c.refs, value, where, "a path item");
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    // No operation of it can be read: each method of the path reports the problem.
    for (const method of METHODS) {
      setOwn(operations, `${method.toUpperCase()} ${path}`, { error: (badPath ?? error).message });
    }
    return;
  }
  let level: PathLevel | TypeError;
  try {
    const parametersAt = place(item.place, "parameters");
    level = {
      item,
      common: list(item.node, "parameters", item.place).map((parameter, index) =>
        readParameter(c, parameter, place(parametersAt, index), item.shared)
      ),
      server: firstServer(c, field(item.node, "servers"), place(item.place, "servers")),
    };
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    level = error;
  }
  for (const method of METHODS) {
    const operation = field(item.node, method);
    if (operation === undefined) continue;
    let declaration: OperationDeclaration;
    try {
      if (badPath !== undefined) throw badPath;
      if (level instanceof TypeError) throw level;
      // A WeakMap holds no primitive: one is got as undefined.
      const problem = notes.get(operation as object);
      if (problem instanceof TypeError) throw problem;
      declaration = operationDeclaration(c, operation, place(item.place, method), level, server);
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      declaration = { error: error.message };
    }
    setOwn(operations, `${method.toUpperCase()} ${path}`, declaration);
  }
}

/**
 * Reads what an OpenAPI 3.0 or 3.1 description (or a Swagger 2.0 one, read
 * as the OpenAPI 3 document it describes: rule 27) needs at once:
 * its version, its first server and which operations each path has; each
 * path item is compiled when one of its operations is first asked for
 * (see {@linkcode compilePath}: a problem in it is that operation's
 * `error`). The description is read then: it must not change afterwards.
 *
 * @throws {TypeError} For a value that is not an OpenAPI 3.0 or 3.1
 * description (Swagger 2.0 included), `paths` that is not an object, or a
 * first server of the description that can be no base url.
 */
export function compileLazily(description: unknown): CompiledDescription {
  const { document, pathItem, parameter } = openAPIDocument(description);
  // $refs lead where they are written: into the description itself (Swagger 2.0's too).
  const refs = new Resolver(description as Node);
  const c: Compile = {
    refs,
    parameter,
    security: descriptionSecurity(refs, document),
    parameters: new Map(),
    bodies: new Map(),
    servers: new Map(),
    fields: new Map(),
    choices: false,
  };
  const server = documentServer(c, document);
  const servers = documentServers(
    c.refs,
    field(document, "servers"),
    topPlace("servers"),
    server !== undefined,
  );
  c.choices = servers !== undefined;
  const paths = field(document, "paths");
  if (paths !== undefined && !isPlainObject(paths)) {
    throw invalidAt("paths", `expected an object, found ${quoteValue(paths)}`);
  }
  // Each route: its path while not compiled, then its declaration.
  const index = new Map<string, string | OperationDeclaration>();
  // Each path's item, read once.
  const items = new Map<string, Node>();
  const compile = (path: string): void => {
    const compiled: Record<string, OperationDeclaration> = {};
    const value = (paths as Node)[path];
    compilePath(c, compiled, path, pathItem ? pathItem(refs, value, path) : value, server);
    for (const route of Object.keys(compiled)) index.set(route, compiled[route]);
  };
  for (const path of Object.keys(paths ?? {})) {
    if (path.startsWith("x-")) continue; // a specification extension, not a path
    let node: Node | undefined;
    try {
      node = object(c.refs, (paths as Node)[path], place(topPlace("paths"), path), "").node;
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
    }
    if (node === undefined) {
      compile(path); // records the problem for every method of the path
      continue;
    }
    items.set(path, node);
    for (const method of pathItem ? SWAGGER2_METHODS : METHODS) {
      if (field(node, method) !== undefined) index.set(`${method.toUpperCase()} ${path}`, path);
    }
  }
  // Asked for by the server options only (rule 26): a pass over the path items, compiling none.
  // A route compiled already, or an operation that is no plain object or a $ref, is counted in.
  const withServers = () =>
    [...index.keys()].filter((route) => {
      const path = index.get(route);
      const node = items.get(path as string)!;
      const operation = node && field(node, route.slice(0, route.indexOf(" ")).toLowerCase());
      return !node || field(node, "servers") !== undefined || !isPlainObject(operation) ||
        field(operation, "servers") !== undefined || field(operation, "$ref") !== undefined;
    });
  const operations: Operations = {
    get(route) {
      const known = index.get(route);
      if (typeof known !== "string") return known;
      compile(known);
      return index.get(route) as OperationDeclaration;
    },
    keys: () => index.keys(),
    withServers,
  };
  const { schemes, security } = c.security;
  return {
    server,
    servers,
    schemes,
    security: Array.isArray(security) ? security : undefined,
    operations,
  };
}

/**
 * Reads an OpenAPI 3.0 or 3.1 description, or a Swagger 2.0 one (rule 27),
 * into an operation table. A problem in one operation is recorded as that
 * operation's `error` (see {@linkcode compilePath}); a call of that route
 * reports it, the others work.
 *
 * @throws {TypeError} For a value that is not an OpenAPI 3.0 or 3.1 or a
 * Swagger 2.0 description, `paths` that is not an object, or a first server
 * of the description that can be no base url.
 */
export function compileDescription(description: unknown): OpenAPITable {
  const { server, servers, schemes, security, operations } = compileLazily(description);
  const all: Record<string, OperationDeclaration> = {};
  for (const route of operations.keys()) setOwn(all, route, operations.get(route)!);
  const table: Record<string, unknown> = { format: TABLE_FORMAT };
  if (server !== undefined) table.server = server;
  if (schemes !== undefined) table.schemes = schemes;
  if (security !== undefined) table.security = security;
  if (servers !== undefined) table.servers = servers;
  table.operations = all;
  return table as unknown as OpenAPITable;
}
