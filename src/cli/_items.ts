/**
 * The items after the url, as in HTTPie: `name=value`, `name:=json`,
 * `name==value`, `name=@file`, `name:=@file` and `Header:value`, turned into
 * `endpoint()` options and the query items no url variable takes.
 *
 * @module
 */

import { appendQuery, isNamedOption, isToken, setOwn } from "../endpoint/kit.ts";
import { expand } from "../uri_template/mod.ts";
import { isVarname, Operator, parseSyntax } from "../uri_template/kit.ts";
import { quote } from "../uri_template/error.ts";
import { fileOfItem, parseJson } from "./_input.ts";

/** Item separators, longest first where several start with the same character. */
const SEPARATORS = [":=@", ":=", ":", "==", "=@", "=", "@"] as const;
type Separator = typeof SEPARATORS[number];

/** Characters a backslash makes plain in an item's name. */
const ESCAPABLE = new Set([":", "=", "@", "\\"]);

/**
 * An item split at its first unescaped separator: the name (unescaped), the separator, the value.
 *
 * @throws {TypeError} For an item without a separator or a name.
 */
function splitItem(item: string): [name: string, separator: Separator, value: string] {
  let name = "";
  for (let i = 0; i < item.length; i++) {
    const char = item[i];
    if (char === "\\" && ESCAPABLE.has(item[i + 1])) {
      name += item[i + 1];
      i++;
      continue;
    }
    const separator = SEPARATORS.find((candidate) => item.startsWith(candidate, i));
    if (separator !== undefined) {
      if (name === "") {
        throw new TypeError(`Invalid item ${quote(item)}: expected a name before "${separator}"`);
      }
      return [name, separator, item.slice(i + separator.length)];
    }
    name += char;
  }
  throw new TypeError(
    `Invalid item ${quote(item)}: expected name=value, name:=json or Header:value`,
  );
}

/**
 * A query item's name as a template variable name: as it is when it is one,
 * else with every byte but letters, digits and `_` percent-encoded (the
 * expansion writes the name as it stands in the template, so
 * `page[size]==2` still arrives as `page%5Bsize%5D=2`).
 */
function queryVariable(name: string): string {
  if (isVarname(name)) return name;
  let encoded = "";
  for (const byte of new TextEncoder().encode(name)) {
    const char = String.fromCharCode(byte);
    encoded += /[A-Za-z0-9_]/.test(char)
      ? char
      : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return encoded;
}

/**
 * The variables of the url template's `{?...}` and `{&...}` expressions,
 * which query items of the same name fill. None when the url is not a
 * valid template: `endpoint()` then says why.
 */
export function queryVariables(url: string): Set<string> {
  const names = new Set<string>();
  let parts;
  try {
    parts = parseSyntax(url, { dashInNames: true });
  } catch {
    return names;
  }
  for (const part of parts) {
    if (
      typeof part !== "string" &&
      (part.op === Operator.Query || part.op === Operator.Continuation)
    ) {
      for (const spec of part.specs) names.add(spec.name);
    }
  }
  return names;
}

/** Reads the file an item names, as text. */
export type ReadItemFile = (path: string, item: string) => string;

/**
 * `endpoint()` options from the items, and the query items that no variable
 * of the url takes: template variable name, then the values in order.
 */
export interface ItemOptions {
  options: Record<string, unknown>;
  query: Map<string, string[]>;
}

/**
 * Turns the items into `endpoint()` options; query items that name one of
 * `ownQuery` (the url's `{?...}` variables) are parameters, the others go to
 * the query after the expansion.
 *
 * @throws {TypeError} For an item that is malformed, names a file that
 * cannot be read, holds invalid JSON, or gives a name two kinds.
 */
export function optionsFromItems(
  items: readonly string[],
  readFile: ReadItemFile,
  ownQuery: ReadonlySet<string>,
): ItemOptions {
  const collected = new Items(ownQuery);
  for (const item of items) collected.add(item, readFile);
  return collected.finish();
}

/** What a name is given as: each name is one kind of item. */
type Kind = "query" | "parameter";

/** The items read so far. */
class Items {
  readonly options: Record<string, unknown> = {};
  readonly query = new Map<string, string[]>();
  readonly headers: Record<string, string | null> = {};
  hasHeaders = false;
  /** The lists a repeated name made, grown in place. */
  readonly lists = new Map<string, unknown[]>();
  readonly kinds = new Map<string, Kind>();

  constructor(readonly ownQuery: ReadonlySet<string>) {}

  /** Adds one item. */
  add(item: string, readFile: ReadItemFile): void {
    const [name, separator, value] = splitItem(item);
    if (separator === "==") this.addQueryItem(name, value, item);
    else if (separator === ":") this.addHeader(name, value, item);
    else if (separator === "@") {
      throw new TypeError(
        `Invalid item ${
          quote(item)
        }: file uploads ("@") are not supported, expected name=@file for a string or name:=@file for JSON`,
      );
    } else {
      this.claim(name, "parameter", item);
      this.addParameter(name, parameterValue(separator, value, item, readFile));
    }
  }

  /**
   * Records `key` as `kind`.
   *
   * @throws {TypeError} When `key` is already the other kind.
   */
  claim(key: string, kind: Kind, item: string): void {
    const other = this.kinds.get(key);
    if (other !== undefined && other !== kind) {
      throw new TypeError(
        `Invalid item ${quote(item)}: ${quote(key)} is already ${
          other === "query" ? "a query item (name==value)" : "a parameter"
        }, expected each name to be one kind of item`,
      );
    }
    this.kinds.set(key, kind);
  }

  /** Sets a parameter; a repeated name makes a list (as in HTTPie), a JSON list given once stays one value. */
  addParameter(name: string, value: unknown): void {
    const list = this.lists.get(name);
    if (list !== undefined) list.push(value);
    else if (!Object.hasOwn(this.options, name)) setOwn(this.options, name, value);
    else {
      const created = [this.options[name], value];
      this.lists.set(name, created);
      setOwn(this.options, name, created);
    }
  }

  /**
   * A `name==value` item: a parameter when the url's own `{?name}` takes it,
   * as the template writes the name, else a query item.
   *
   * @throws {TypeError} For a name that is an `endpoint()` option.
   */
  addQueryItem(name: string, value: string, item: string): void {
    if (isNamedOption(name)) {
      throw new TypeError(
        `Invalid item ${quote(item)}: ${
          quote(name)
        } is an endpoint() option, expected a query parameter name`,
      );
    }
    const key = this.ownQuery.has(name) ? name : queryVariable(name);
    this.claim(key, "query", item);
    if (this.ownQuery.has(key)) this.addParameter(key, value);
    else if (this.query.has(key)) this.query.get(key)!.push(value);
    else this.query.set(key, [value]);
  }

  /**
   * A `Header:value` item; an empty value removes a default header.
   *
   * @throws {TypeError} For a name that is not an HTTP token.
   */
  addHeader(name: string, value: string, item: string): void {
    if (!isToken(name)) {
      throw new TypeError(
        `Invalid header name ${quote(name)} in item ${
          quote(item)
        }: expected an HTTP token (letters, digits and !#$%&'*+-.^_\`|~)`,
      );
    }
    setOwn(this.headers, name, value === "" ? null : value);
    this.hasHeaders = true;
  }

  /** The options, header items over a `headers:=` object item. */
  finish(): ItemOptions {
    if (this.hasHeaders) {
      const given = this.options.headers;
      const merged: Record<string, unknown> = {};
      if (typeof given === "object" && given !== null && !Array.isArray(given)) {
        for (const [key, value] of Object.entries(given)) setOwn(merged, key, value);
      }
      for (const [key, value] of Object.entries(this.headers)) setOwn(merged, key, value);
      this.options.headers = merged;
    }
    return { options: this.options, query: this.query };
  }
}

/** The value of a `=`, `=@`, `:=` or `:=@` item: a string, or JSON, given or read from a file. */
function parameterValue(
  separator: Exclude<Separator, "==" | ":" | "@">,
  value: string,
  item: string,
  readFile: ReadItemFile,
): unknown {
  switch (separator) {
    case "=":
      return value;
    case "=@":
      return readFile(value, item);
    case ":=":
      return parseJson(value, `item ${quote(item)}`);
    case ":=@":
      return parseJson(readFile(value, item), fileOfItem(value, item));
  }
}

/**
 * The expanded `url` with the query items that no url variable took, as
 * RFC 6570 expands `{&name*}` (a repeated item repeats the name) and as
 * `endpoint()` adds remaining parameters: after `?` or `&`, before the
 * fragment (which a `{+path}` value may have begun).
 */
export function withQuery(url: string, query: ReadonlyMap<string, string[]>): string {
  if (query.size === 0) return url;
  const values: Record<string, string[]> = {};
  for (const [name, list] of query) setOwn(values, name, list);
  const pairs = expand(`{&${[...query.keys()].map((name) => `${name}*`).join(",")}}`, values);
  return appendQuery(url, pairs.slice(1));
}
