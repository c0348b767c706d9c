/**
 * Choosing a server (docs/design.md rule 26): the `server` and
 * `serverVariables` options pick one of the description's `servers` and
 * fill its `{variables}`; path- and operation-level servers keep their own,
 * filling variables of the same names. Everything is decided when the
 * builder is made: a call costs nothing more.
 *
 * A caller's value can neither change the scheme, add userinfo nor move the
 * path: it is a non-empty string other than `.` or `..` without `/`, `?`,
 * `#`, `@`, `\`, `%`, whitespace or control characters, one of the
 * variable's `enum` when it has one; the finished url is an absolute
 * `http:` or `https:` URL.
 *
 * @module
 */

import { isPlainObject, listed, own, quoteValue, setOwn } from "../endpoint/kit.ts";
import type { Operations, ServerDeclaration } from "./_declarations.ts";
import { field, invalidAt, type Node, object, type Place, place, type Resolver } from "./_refs.ts";
import { fillUrl, serverBase } from "./_wire.ts";

/** A server object's url and variables, as the table records them (string defaults and enums only). */
export function declareServer(server: Node): ServerDeclaration {
  const declaration: Record<string, unknown> = { url: field(server, "url") };
  const variables = field(server, "variables");
  if (!isPlainObject(variables)) return declaration as unknown as ServerDeclaration;
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(variables)) {
    const variable = field(variables, name);
    const entry: Record<string, unknown> = {};
    const value = isPlainObject(variable) ? field(variable, "default") : undefined;
    if (typeof value === "string") entry.default = value;
    const allowed = isPlainObject(variable) ? field(variable, "enum") : undefined;
    if (Array.isArray(allowed)) {
      const strings: string[] = [];
      for (let i = 0; i < allowed.length; i++) {
        const item = own(allowed, i);
        if (typeof item === "string") strings.push(item);
      }
      if (strings.length > 0) entry.enum = strings;
    }
    setOwn(out, name, entry);
  }
  declaration.variables = out;
  return declaration as unknown as ServerDeclaration;
}

/**
 * The description's `servers` as the table records them, when a caller may
 * choose among them or fill them (more than one, a variable, or a first one
 * that is no base url by itself); `undefined` when `server` alone says all.
 *
 * @throws {TypeError} For a server that is not an object with a string url.
 */
export function documentServers(
  refs: Resolver,
  servers: unknown,
  where: Place,
  absolute: boolean,
): ServerDeclaration[] | undefined {
  if (!Array.isArray(servers) || servers.length === 0) return undefined;
  const out: ServerDeclaration[] = [];
  for (let i = 0; i < servers.length; i++) {
    const found = object(
      refs,
      own(servers, i),
      place(where, i),
      "a server",
    );
    if (typeof field(found.node, "url") !== "string") {
      throw invalidAt(
        place(found.place, "url"),
        `expected a string, found ${quoteValue(field(found.node, "url"))}`,
      );
    }
    out.push(declareServer(found.node));
  }
  const choices = out.length > 1 || !absolute || Object.hasOwn(out[0], "variables");
  return choices ? out : undefined;
}

/** Whether `value` may fill a server variable: non-empty, nothing that moves the origin or path (rule 26). */
function isVariableValue(value: unknown): value is string {
  // One character class, tested once: no backtracking (rule 16). A dot segment
  // (`.` or `..`) would drop the path segments before it, as rule 9 refuses it.
  return typeof value === "string" && value !== "" && value !== "." && value !== ".." &&
    !/[\s\p{Cc}/?#@\\%]/u.test(value);
}

/**
 * `server`'s url with each `{variable}` the caller's value, else its default.
 *
 * @throws {TypeError} For a caller's value outside the variable's `enum`, or
 * a variable with neither.
 */
function fill(server: ServerDeclaration, given: ReadonlyMap<string, string>): string {
  const url = server.url;
  const variables = own(server as unknown as Node, "variables") as Node | undefined;
  return fillUrl(url, (name) => {
    const variable = variables === undefined
      ? undefined
      : field(variables, name) as Node | undefined;
    const allowed = variable && field(variable, "enum") as readonly string[] | undefined;
    let value = given.get(name);
    if (value !== undefined && allowed !== undefined && !allowed.includes(value)) {
      throw new TypeError(
        `Invalid value ${quoteValue(value)} for server variable ${
          quoteValue(name)
        }: expected one of ${listed(allowed)}`,
      );
    }
    value ??= variable && field(variable, "default") as string | undefined;
    if (value === undefined) {
      throw new TypeError(
        `Invalid server ${quoteValue(url)}: variable ${
          quoteValue(name)
        } has no default, expected a value in serverVariables`,
      );
    }
    return value;
  });
}

/** What the options chose: the base url, and the servers of operations that have their own. */
export interface ServerChoice {
  readonly server: string | undefined;
  /** By `"<METHOD> <path>"`: the operation's server as filled (`undefined`: a call needs `baseUrl`). */
  readonly operations: ReadonlyMap<string, string | undefined> | undefined;
}

/** Which document server `choice` names: an index, or a url exactly as written. */
function chosenIndex(choice: unknown, servers: readonly ServerDeclaration[]): number {
  const index = typeof choice === "string"
    ? servers.findIndex((server) => server.url === choice)
    : Number.isInteger(choice)
    ? choice as number
    : -1;
  if (index >= 0 && index < servers.length) return index;
  const shown = typeof choice === "number" ? String(choice) : quoteValue(choice);
  throw new TypeError(
    servers.length === 0
      ? `Invalid option server ${shown}: the description lists no servers, expected the baseUrl option`
      : `Invalid option server ${shown}: expected an index from 0 to ${
        servers.length - 1
      } or one of the description's server urls ${listed(servers.map((server) => server.url))}`,
  );
}

/**
 * The caller's `serverVariables`, checked: own keys only, each a variable
 * of a server they can fill, each value one that cannot move the origin.
 *
 * @throws {TypeError} For anything else.
 */
function variableValues(
  values: unknown,
  known: ReadonlySet<string>,
): Map<string, string> {
  const given = new Map<string, string>();
  if (values === undefined) return given;
  if (!isPlainObject(values)) {
    throw new TypeError(
      `Invalid option serverVariables ${
        quoteValue(values)
      }: expected an object of strings by variable name`,
    );
  }
  for (const name of Object.keys(values)) {
    const value = values[name];
    if (!known.has(name)) {
      throw new TypeError(
        `Invalid server variable ${quoteValue(name)}: expected ${
          known.size === 0 ? "none, the servers have no variables" : `one of ${listed([...known])}`
        }`,
      );
    }
    if (!isVariableValue(value)) {
      throw new TypeError(
        `Invalid value ${quoteValue(value)} for server variable ${
          quoteValue(name)
        }: expected a non-empty string other than "." or ".." without "/", "?", "#", "@", "\\", "%", whitespace or control characters`,
      );
    }
    given.set(name, value);
  }
  return given;
}

/** The names of a server's variables, added to `into`. */
function addVariables(into: Set<string>, server: ServerDeclaration): void {
  const variables = own(server as unknown as Node, "variables") as Node | undefined;
  for (const name of Object.keys(variables ?? {})) into.add(name);
}

/**
 * `server` filled: an absolute `http:` or `https:` URL, a relative one
 * resolved against `base`, or `undefined` for a relative one without `base`.
 *
 * @throws {TypeError} For a url that can be no base url.
 */
function serverUrl(
  server: ServerDeclaration,
  given: ReadonlyMap<string, string>,
  base: string | undefined,
  route?: string,
): string | undefined {
  const of = route === undefined ? "" : ` of ${quoteValue(route)}`;
  return serverBase(
    fill(server, given),
    base,
    (problem) => new TypeError(`Invalid server ${quoteValue(server.url)}${of}: ${problem}`),
  );
}

/**
 * The servers the `server` and `serverVariables` options choose (rule 26).
 * Without either, the table's servers as recorded.
 *
 * @param baseUrl Whether the caller gave `baseUrl`, which overrides all:
 * a relative server is then no error.
 * @throws {TypeError} For a bad choice or value, or a chosen server that
 * is not an absolute `http:` or `https:` URL.
 */
export function chooseServers(
  table: {
    readonly server: string | undefined;
    readonly servers: readonly ServerDeclaration[] | undefined;
    readonly operations: Operations;
  },
  choice: unknown,
  values: unknown,
  baseUrl: boolean,
): ServerChoice {
  if (choice === undefined && values === undefined) {
    return { server: table.server, operations: undefined };
  }
  const servers = table.servers ?? (table.server === undefined ? [] : [{ url: table.server }]);
  const chosen = choice !== undefined
    ? servers[chosenIndex(choice, servers)]
    : servers.length > 0
    ? servers[0]
    : undefined;
  const known = new Set<string>();
  if (chosen !== undefined) addVariables(known, chosen);
  const theirOwn: [string, ServerDeclaration][] = [];
  // The operations with servers of their own are compiled here: theirs take the variables too.
  const scan = own(table.operations as unknown as Node, "withServers") as
    | (() => Iterable<string>)
    | undefined;
  for (const route of scan?.() ?? table.operations.keys()) {
    const operation = table.operations.get(route)!;
    const list = field(operation as unknown as Node, "servers") as ServerDeclaration[] | undefined;
    if (list === undefined) continue;
    theirOwn.push([route, list[0]]);
    addVariables(known, list[0]);
  }
  const given = variableValues(values, known);
  let server: string | undefined;
  if (chosen !== undefined) {
    server = serverUrl(chosen, given, undefined);
    if (server === undefined && !baseUrl) {
      throw new TypeError(
        `Invalid server ${
          quoteValue(chosen.url)
        }: it is relative, expected an absolute http: or https: URL, or the baseUrl option`,
      );
    }
  }
  const operations = new Map<string, string | undefined>();
  for (const [route, declaration] of theirOwn) {
    operations.set(route, serverUrl(declaration, given, server, route));
  }
  return { server, operations };
}
