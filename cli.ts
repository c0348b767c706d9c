/**
 * The `routecast` command: a route and HTTPie-style items in, request
 * options out (as JSON, a curl command or a fetch call). It sends nothing.
 *
 * ```sh
 * routecast "POST /repos/{owner}/{repo}/issues" owner=octocat repo=hello \
 *   title="Found a bug" labels:='["bug"]' Authorization:"token $TOKEN"
 * routecast GET /users/octocat/repos per_page==5
 * routecast openapi stripe.json > stripe-table.json
 * ```
 *
 * Runs under Deno (`deno run cli.ts ...`) and Node.js (the npm `bin`);
 * importing it has no side effects.
 *
 * @module
 */

import { endpoint } from "./src/endpoint/mod.ts";
import type { EndpointOptions, RequestOptions } from "./src/endpoint/types.ts";
import { appendQuery, MAX_DEPTH } from "./src/endpoint/kit.ts";
import { toCurl } from "./src/adapters/to_curl.ts";
import { toFetch } from "./src/adapters/to_fetch.ts";
import { encodeText } from "./src/uri_template/_encode.ts";
import { clip, quote } from "./src/uri_template/error.ts";
import { Operator, parseSyntax } from "./src/uri_template/_syntax.ts";
import { VERSION } from "./src/_version.ts";
import { compileDescription } from "./src/openapi/_compile.ts";

/**
 * What a run of the command prints and how it ends.
 *
 * @example
 * ```ts
 * import { type CliResult, runCli } from "@routecast/endpoint/cli";
 * import { assertEquals } from "@std/assert";
 *
 * const result: CliResult = runCli(["--version"]);
 * assertEquals(result.code, 0);
 * assertEquals(result.stdout.startsWith("routecast "), true);
 * ```
 */
export interface CliResult {
  /** `0` on success, `1` for invalid input, `2` for invalid usage. */
  readonly code: 0 | 1 | 2;
  /** Text for standard output (without the final newline), or `""`. */
  readonly stdout: string;
  /** One line for standard error (without the final newline), or `""`. */
  readonly stderr: string;
}

/**
 * What the command reads besides its arguments: files named by `name=@file`
 * and `name:=@file` items, and standard input for `--raw`. It reads at most
 * 64 MiB (67,108,864 bytes) of them in all; each reader is told how much of
 * that is left (`maxBytes`) and need not read more than `maxBytes + 1`
 * bytes: more than `maxBytes` is an error whatever the rest.
 *
 * @example
 * ```ts
 * import { type CliInput, runCli } from "@routecast/endpoint/cli";
 * import { assertEquals } from "@std/assert";
 *
 * const input: CliInput = { readStdin: () => new TextEncoder().encode("# Hi") };
 * const result = runCli(["--raw", "POST", "/markdown/raw", "Content-Type:text/plain"], input);
 * assertEquals(JSON.parse(result.stdout).body, "# Hi");
 * ```
 */
export interface CliInput {
  /**
   * Standard input, for `--raw`: all of it, or its first `maxBytes + 1`
   * bytes; `undefined` when there is none to read (as when it is a terminal).
   *
   * @default {() => undefined}
   */
  readonly readStdin?: (maxBytes: number) => Uint8Array | undefined;
  /**
   * The content of a file, for `name=@file` and `name:=@file` items: all of
   * it, or its first `maxBytes + 1` bytes.
   *
   * @default {the runtime's file system (`Deno.openSync`, or `node:fs`), reading no further}
   */
  readonly readFile?: (path: string, maxBytes: number) => Uint8Array;
}

/** The most the command reads of files and standard input, in all. */
const MAX_INPUT_BYTES = 64 * 1024 * 1024;
const MAX_INPUT_TEXT = "64 MiB (67108864 bytes)";

const HELP = `routecast ${VERSION}: turns a route and parameters into HTTP request options.

Usage:
  routecast [options] [METHOD] <url> [items...]
  routecast [options] "<METHOD> <url>" [items...]
  routecast openapi <description.json | ->

  The url is a path (joined to the base URL) or a full URL, either an RFC 6570
  template. Without a METHOD (a word of letters) it is POST when the request
  has a body to send (an item that is not a url variable, a header, a query
  item or an option; or --raw), else GET, as in HTTPie.

Items (as in HTTPie):
  name=value     a string parameter: a url variable, else a query parameter
                 (GET, HEAD), else a JSON body key
  name:=json     a raw JSON parameter: number, boolean, null, list or object,
                 nested at most ${MAX_DEPTH} levels deep
  name==value    a query parameter, for any method: it fills the url's own
                 {?name} or {&name}, else name=value is added to the query
  name=@file     a string parameter read from a file (UTF-8)
  name:=@file    a raw JSON parameter read from a file
  Header:value   a request header; "Header:" with no value removes a default one

  The earliest separator in an item decides its kind and, where several start
  at the same place, the longest: "a:=1" is JSON, "A:b" a header, "a=b:c" a
  string. A backslash makes the next ":", "=", "@" or "\\" plain: "a\\:b=c" is
  the string parameter "a:b". A header name must be an HTTP token. Repeating a
  name makes a list: labels=bug labels=docs. Items named like an endpoint()
  option set it: data=text sends a raw body, mediaType:='{"format":"raw"}'.

  Files and standard input (--raw) are read up to ${MAX_INPUT_TEXT} in
  all: past that, routecast stops reading and exits 1.

The operation table (for fromOpenAPITable in @routecast/endpoint/openapi):
  routecast openapi description.json > table.json
                 reads an OpenAPI 3.0 or 3.1 description (JSON; "-" reads
                 standard input; convert YAML first), nested at any depth,
                 and prints the small table a builder needs of it, to ship
                 instead of the description, as compileOpenAPI() writes it.
                 A url named "openapi" is written "/openapi".

Options:
  --curl           print a curl command (quoted for sh, bash, zsh) instead of JSON
  --fetch          print a fetch call (JavaScript) instead of JSON
  --base-url URL   prefix for a url that is a path (default https://api.github.com)
  --raw            send standard input, piped or redirected (< file), as the body;
                   standard input is read only with --raw, never from a terminal
  -h, --help       print this help
  -V, --version    print the version

Examples:
  routecast "POST /repos/{owner}/{repo}/issues" owner=octocat repo=hello \\
    title="Found a bug" labels:='["bug"]' Authorization:"token $TOKEN"
  routecast GET /users/octocat/repos per_page==5
  routecast --curl GET "/repos/{owner}/{repo}/issues" owner=octocat repo=hello state=open
  routecast --raw POST /markdown/raw Content-Type:text/plain < README.md

Exit status: 0 on success, 1 for invalid input, 2 for invalid usage.`;

/** A header name: an HTTP token (RFC 9110 section 5.6.2). */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Item separators, longest first where several start with the same character. */
const SEPARATORS = [":=@", ":=", ":", "==", "=@", "=", "@"] as const;
type Separator = typeof SEPARATORS[number];

/** Characters a backslash makes plain in an item's name. */
const ESCAPABLE = new Set([":", "=", "@", "\\"]);

class UsageError extends Error {}

/** An item split at its first unescaped separator: the name (unescaped), the separator, the value. */
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

function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** Options of `endpoint()` that no query item may name: they are not parameters. */
const NAMED_OPTIONS = new Set([
  "method",
  "baseUrl",
  "url",
  "headers",
  "mediaType",
  "data",
  "request",
]);

/** An RFC 6570 variable name: letters, digits, `_` and `%XX`, in parts joined by single dots. */
const VARNAME = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+(?:\.(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+)*$/;

/**
 * A query item's name as a template variable name: as it is when it is one,
 * else with every byte but letters, digits and `_` percent-encoded (the
 * expansion writes the name as it stands in the template, so
 * `page[size]==2` still arrives as `page%5Bsize%5D=2`).
 */
function queryVariable(name: string): string {
  if (VARNAME.test(name)) return name;
  let encoded = "";
  for (const byte of new TextEncoder().encode(name)) {
    const char = String.fromCharCode(byte);
    encoded += /[A-Za-z0-9_]/.test(char)
      ? char
      : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return encoded;
}

/** Reads what the items and `--raw` name, as text. */
interface TextReader {
  file(path: string, item: string): string;
}

/** What is left of the input limit, shared by the files and standard input of one run. */
class InputBudget {
  left = MAX_INPUT_BYTES;

  /**
   * Counts `bytes` against the limit.
   *
   * @throws {TypeError} Past the limit, naming `what`.
   */
  take(bytes: Uint8Array, what: string): Uint8Array {
    if (bytes.length > this.left) {
      throw new TypeError(
        `Cannot read ${what}: too large, expected at most ${MAX_INPUT_TEXT} of files and standard input in all`,
      );
    }
    this.left -= bytes.length;
    return bytes;
  }
}

/** A file or standard input that could not be read, with the runtime's reason (bounded). */
function cannotRead(what: string, error: unknown): TypeError {
  return new TypeError(`Cannot read ${what}: ${clip(oneLine((error as Error).message))}`);
}

function decodeUtf8(bytes: Uint8Array, what: string): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new TypeError(`Invalid ${what}: expected UTF-8 text`);
  }
}

/**
 * Whether the JSON `text` nests lists and objects more than `max` levels
 * deep: one pass over the brackets outside strings, so that no deeper value
 * reaches code that recurses (printing it, copying it).
 */
function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === "\\") i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "[" || char === "{") {
      if (++depth > max) return true;
    } else if (char === "]" || char === "}") depth--;
  }
  return false;
}

/**
 * `text` parsed as JSON. An item is refused past MAX_DEPTH levels, since
 * printing and copying it recurse; a description (`deep: true`) is not: the
 * parser and compileOpenAPI read it without recursion, at any depth.
 */
function parseJson(text: string, what: string, deep = false): unknown {
  if (!deep && nestedDeeperThan(text, MAX_DEPTH)) {
    throw new TypeError(
      `Invalid JSON in ${what}: nested more than ${MAX_DEPTH} levels deep, expected at most ${MAX_DEPTH}`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new TypeError(`Invalid JSON in ${what}: ${clip(oneLine((error as Error).message))}`);
  }
}

/**
 * `endpoint()` options from the items, and the query items that no variable
 * of the url takes: encoded name, then the values in order.
 */
interface ItemOptions {
  options: Record<string, unknown>;
  query: Map<string, string[]>;
}

/**
 * The variables of the url template's `{?...}` and `{&...}` expressions,
 * which query items of the same name fill. None when the url is not a
 * valid template: `endpoint()` then says why.
 */
function queryVariables(url: string): Set<string> {
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

/**
 * Turns the items into `endpoint()` options; query items that name one of
 * `ownQuery` (the url's `{?...}` variables) are parameters, the others go to
 * the query after the expansion.
 */
function optionsFromItems(
  items: readonly string[],
  read: TextReader,
  ownQuery: ReadonlySet<string>,
): ItemOptions {
  const options: Record<string, unknown> = {};
  const headers: Record<string, string | null> = {};
  let hasHeaders = false;
  // A repeated name makes a list (as in HTTPie), grown in place; a list given once as JSON
  // stays one value.
  const lists = new Map<string, unknown[]>();
  const addParameter = (name: string, value: unknown) => {
    const list = lists.get(name);
    if (list !== undefined) list.push(value);
    else if (!Object.hasOwn(options, name)) setOwn(options, name, value);
    else {
      const created = [options[name], value];
      lists.set(name, created);
      setOwn(options, name, created);
    }
  };
  // A name is either a query item or another kind.
  const query = new Map<string, string[]>();
  const kinds = new Map<string, "query" | "parameter">();
  const claim = (key: string, kind: "query" | "parameter", item: string) => {
    const other = kinds.get(key);
    if (other !== undefined && other !== kind) {
      throw new TypeError(
        `Invalid item ${quote(item)}: ${quote(key)} is already ${
          other === "query" ? "a query item (name==value)" : "a parameter"
        }, expected each name to be one kind of item`,
      );
    }
    kinds.set(key, kind);
  };
  for (const item of items) {
    const [name, separator, value] = splitItem(item);
    switch (separator) {
      case "=":
        claim(name, "parameter", item);
        addParameter(name, value);
        break;
      case "=@":
        claim(name, "parameter", item);
        addParameter(name, read.file(value, item));
        break;
      case ":=":
        claim(name, "parameter", item);
        addParameter(name, parseJson(value, `item ${quote(item)}`));
        break;
      case ":=@":
        claim(name, "parameter", item);
        addParameter(
          name,
          parseJson(read.file(value, item), `file ${quote(value)} of item ${quote(item)}`),
        );
        break;
      case "==": {
        if (NAMED_OPTIONS.has(name)) {
          throw new TypeError(
            `Invalid item ${quote(item)}: ${
              quote(name)
            } is an endpoint() option, expected a query parameter name`,
          );
        }
        // The url's own {?name} takes the item, as the template writes it.
        const key = ownQuery.has(name) ? name : queryVariable(name);
        claim(key, "query", item);
        if (ownQuery.has(key)) addParameter(key, value);
        else if (query.has(key)) query.get(key)!.push(value);
        else query.set(key, [value]);
        break;
      }
      case ":":
        if (!TOKEN.test(name)) {
          throw new TypeError(
            `Invalid header name ${quote(name)} in item ${
              quote(item)
            }: expected an HTTP token (letters, digits and !#$%&'*+-.^_\`|~)`,
          );
        }
        setOwn(headers, name, value === "" ? null : value);
        hasHeaders = true;
        break;
      default:
        throw new TypeError(
          `Invalid item ${
            quote(item)
          }: file uploads ("@") are not supported, expected name=@file for a string or name:=@file for JSON`,
        );
    }
  }
  if (hasHeaders) {
    const given = options.headers;
    const merged: Record<string, unknown> = {};
    if (typeof given === "object" && given !== null && !Array.isArray(given)) {
      for (const [key, value] of Object.entries(given)) setOwn(merged, key, value);
    }
    for (const [key, value] of Object.entries(headers)) setOwn(merged, key, value);
    options.headers = merged;
  }
  return { options, query };
}

/**
 * The expanded `url` with the query items that no url variable took, as
 * `endpoint()` adds remaining parameters: `name=value` for each value (a
 * repeated item repeats the name, as `{?name*}` would write it), after `?`
 * or `&`, before the fragment (which a `{+path}` value may have begun).
 */
function withQuery(url: string, query: ReadonlyMap<string, readonly string[]>): string {
  if (query.size === 0) return url;
  const pairs: string[] = [];
  for (const [name, values] of query) {
    for (const value of values) pairs.push(`${name}=${encodeText(value, false)}`);
  }
  return appendQuery(url, pairs.join("&"));
}

function oneLine(text: string): string {
  return text.split("\n").map((line) => line.trim()).filter((line) => line !== "").join(" ");
}

/** `text` as a double-quoted JavaScript string, whole (unlike `quote`, which bounds messages). */
function jsString(text: string): string {
  return JSON.stringify(text);
}

/** `text` as a single-quoted JavaScript string. */
function singleQuote(text: string): string {
  return `'${
    text.replace(/[\\'\n\r\u2028\u2029]/g, (char) =>
      char === "\\" || char === "'"
        ? `\\${char}`
        : `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`)
  }'`;
}

/**
 * `fetch(...)` source that sends exactly what `toFetch` gives. A JSON body is
 * printed as its JSON text and a header named `__proto__` with a computed key:
 * in an object literal, a `__proto__` key sets the prototype instead.
 */
function fetchSource(options: RequestOptions): string {
  const [url, init] = toFetch(options);
  const lines = [`const response = await fetch(${jsString(url)}, {`];
  lines.push(`  method: ${jsString(init.method)},`);
  lines.push("  headers: {");
  for (const [name, value] of Object.entries(init.headers)) {
    lines.push(
      `    ${name === "__proto__" ? `[${jsString(name)}]` : jsString(name)}: ${jsString(value)},`,
    );
  }
  lines.push("  },");
  const body = options.body;
  if (typeof body === "string") {
    // toFetch sends a string without a content type as bytes, so fetch adds none.
    lines.push(
      init.body instanceof Uint8Array
        ? `  body: new TextEncoder().encode(${jsString(body)}),`
        : `  body: ${jsString(body)},`,
    );
  } else if (typeof init.body === "string") {
    lines.push(`  body: ${singleQuote(init.body)},`);
  }
  lines.push("});");
  return lines.join("\n");
}

interface Invocation {
  positionals: string[];
  output: "json" | "curl" | "fetch";
  baseUrl: string | undefined;
  raw: boolean;
  help: boolean;
  version: boolean;
}

function parseArguments(args: readonly string[]): Invocation {
  const invocation: Invocation = {
    positionals: [],
    output: "json",
    baseUrl: undefined,
    raw: false,
    help: false,
    version: false,
  };
  const setOutput = (output: "curl" | "fetch") => {
    if (invocation.output !== "json" && invocation.output !== output) {
      throw new UsageError("Options --curl and --fetch exclude each other: expected one of them");
    }
    invocation.output = output;
  };
  let positional = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!positional && arg.startsWith("-") && arg.length > 1) {
      if (arg === "--") positional = true;
      else if (arg === "--help" || arg === "-h") invocation.help = true;
      else if (arg === "--version" || arg === "-V") invocation.version = true;
      else if (arg === "--curl") setOutput("curl");
      else if (arg === "--fetch") setOutput("fetch");
      else if (arg === "--raw") invocation.raw = true;
      else if (arg === "--base-url") {
        if (i + 1 >= args.length) {
          throw new UsageError("Missing value for --base-url: expected a URL after it");
        }
        invocation.baseUrl = args[++i];
      } else if (arg.startsWith("--base-url=")) invocation.baseUrl = arg.slice(11);
      else {
        throw new UsageError(
          `Unknown option ${
            quote(arg)
          }: expected --curl, --fetch, --base-url, --raw, --help or --version (items come after the url)`,
        );
      }
      continue;
    }
    invocation.positionals.push(arg);
  }
  return invocation;
}

/** What to build: a route (`"GET /x"`), or a method and a url; without a method, it depends on the body. */
interface Target {
  route: string | undefined;
  method: string | undefined;
  url: string;
  items: string[];
}

/** HTTPie's test for a METHOD argument: a word of letters. */
const METHOD_WORD = /^[A-Za-z]+$/;

/**
 * Reads the positional arguments as `"<METHOD> <url>" items...` (a first
 * argument with whitespace), `METHOD url items...` (a first word of letters
 * followed by another argument) or `url items...`.
 */
function targetOf(positionals: readonly string[]): Target {
  const [first, second, ...rest] = positionals;
  if (first === undefined) {
    throw new UsageError(
      'Missing url: expected routecast [METHOD] <url> [items...] or routecast "<METHOD> <url>" [items...], see routecast --help',
    );
  }
  if (first === "" || /\s/.test(first)) {
    return { route: first, method: undefined, url: "", items: positionals.slice(1) };
  }
  if (METHOD_WORD.test(first) && second !== undefined) {
    return { route: undefined, method: first, url: second, items: rest };
  }
  return { route: undefined, method: undefined, url: first, items: positionals.slice(1) };
}

/**
 * Builds the request; without a method, POST when it then has a body, else
 * GET (HTTPie's rule, where an item that fills a url variable, a header, a
 * query item or a named option other than `data` is not body data).
 */
function build(target: Target, options: EndpointOptions): RequestOptions {
  if (target.route !== undefined) return endpoint(target.route, options);
  if (target.url === "") {
    throw new TypeError(
      'Invalid url "": expected a path such as "/users/{username}" or a full URL',
    );
  }
  const url = target.url;
  if (target.method !== undefined) return endpoint(`${target.method} ${url}`, options);
  const post = endpoint(`POST ${url}`, options);
  return post.body === undefined ? endpoint(`GET ${url}`, options) : post;
}

/**
 * Runs the command on `args` (the words after the command name) and returns
 * what it prints and its exit code, without printing or exiting. It reads
 * files for `name=@file` items and, only with `--raw`, `input.readStdin`.
 *
 * @param args The command-line arguments.
 * @param input Where files and standard input come from.
 * @returns Output, error line and exit code.
 *
 * @example
 * ```ts
 * import { runCli } from "@routecast/endpoint/cli";
 * import { assertEquals } from "@std/assert";
 *
 * const result = runCli(["--curl", "GET", "/users/{username}", "username=octocat"]);
 * assertEquals(result.code, 0);
 * assertEquals(result.stdout.startsWith("curl -X GET https://api.github.com/users/octocat"), true);
 * assertEquals(JSON.parse(runCli(["/search/code", "q==routecast"]).stdout).url,
 *   "https://api.github.com/search/code?q=routecast");
 * assertEquals(runCli(["GET /x", "labels:=[bug"]).stderr,
 *   `routecast: Invalid JSON in item "labels:=[bug": Unexpected token 'b', "[bug" is not valid JSON`);
 * ```
 */
export function runCli(args: readonly string[], input: CliInput = {}): CliResult {
  let invocation: Invocation;
  let target: Target;
  let stdin: Uint8Array | undefined;
  const budget = new InputBudget();
  try {
    invocation = parseArguments(args);
    if (invocation.help) return { code: 0, stdout: HELP, stderr: "" };
    if (invocation.version) return { code: 0, stdout: `routecast ${VERSION}`, stderr: "" };
    if (invocation.positionals[0] === "openapi") return openapiTable(invocation, input, budget);
    target = targetOf(invocation.positionals);
    if (invocation.raw) {
      stdin = (input.readStdin ?? (() => undefined))(budget.left);
      if (stdin === undefined) {
        throw new UsageError(
          "Option --raw found no standard input to read: expected the body piped or redirected (< file), not a terminal",
        );
      }
    }
  } catch (error) {
    return { code: 2, stdout: "", stderr: `routecast: ${oneLine((error as Error).message)}` };
  }
  const readFile = input.readFile ?? runtimeReadFile;
  const read: TextReader = {
    file(path, item) {
      const what = `file ${quote(path)} of item ${quote(item)}`;
      let bytes: Uint8Array;
      try {
        bytes = readFile(path, budget.left);
      } catch (error) {
        throw cannotRead(what, error);
      }
      return decodeUtf8(budget.take(bytes, what), what);
    },
  };
  try {
    const stdinText = stdin === undefined
      ? undefined
      : decodeUtf8(budget.take(stdin, "standard input for --raw"), "standard input for --raw");
    const ownQuery = queryVariables(target.route ?? target.url);
    const { options, query } = optionsFromItems(target.items, read, ownQuery);
    if (stdinText !== undefined) {
      if (Object.hasOwn(options, "data")) {
        throw new TypeError(
          "Option --raw and a data item both give the body: expected one of them",
        );
      }
      options.data = stdinText;
    }
    if (invocation.baseUrl !== undefined) options.baseUrl = invocation.baseUrl;
    const built = build(target, options as EndpointOptions);
    const result = { ...built, url: withQuery(built.url, query) };
    const stdout = invocation.output === "curl"
      ? toCurl(result)
      : invocation.output === "fetch"
      ? fetchSource(result)
      : JSON.stringify(result, null, 2);
    return { code: 0, stdout, stderr: "" };
  } catch (error) {
    return { code: 1, stdout: "", stderr: `routecast: ${oneLine((error as Error).message)}` };
  }
}

/**
 * `routecast openapi <description.json | ->`: the operation table of a
 * description, as JSON on one line.
 *
 * @throws {UsageError} For options or arguments the command does not take.
 */
function openapiTable(invocation: Invocation, input: CliInput, budget: InputBudget): CliResult {
  const [, source, ...extra] = invocation.positionals;
  if (
    invocation.output !== "json" || invocation.raw || invocation.baseUrl !== undefined ||
    source === undefined || extra.length > 0
  ) {
    throw new UsageError(
      "Invalid use of routecast openapi: expected routecast openapi <description.json | ->, with no options",
    );
  }
  const what = source === "-" ? "standard input" : `file ${quote(source)}`;
  try {
    let bytes: Uint8Array | undefined;
    try {
      bytes = source === "-"
        ? (input.readStdin ?? (() => undefined))(budget.left)
        : (input.readFile ?? runtimeReadFile)(source, budget.left);
    } catch (error) {
      throw cannotRead(what, error);
    }
    if (bytes === undefined) {
      throw new TypeError(
        "Cannot read standard input: expected the description piped or redirected (< file), not a terminal",
      );
    }
    const text = decodeUtf8(budget.take(bytes, what), what);
    const description = parseJson(
      text,
      `${what} (an OpenAPI description as JSON; convert YAML first)`,
      true,
    );
    return { code: 0, stdout: JSON.stringify(compileDescription(description)), stderr: "" };
  } catch (error) {
    return { code: 1, stdout: "", stderr: `routecast: ${oneLine((error as Error).message)}` };
  }
}

/** The parts of Deno and Node.js the command uses. */
interface Runtime {
  Deno?: {
    args: string[];
    exit(code: number): void;
    openSync(path: string): { readSync(buffer: Uint8Array): number | null; close(): void };
    stdin: { isTerminal(): boolean; readSync(buffer: Uint8Array): number | null };
  };
  process?: {
    argv: string[];
    exitCode?: number;
    getBuiltinModule?(name: string): unknown;
  };
}

/** The parts of `node:fs` and `node:tty` the command uses. */
interface NodeModules {
  fs: {
    openSync(path: string, flags: "r"): number;
    readSync(fd: number, buffer: Uint8Array, offset: number, length: number, at: null): number;
    closeSync(fd: number): void;
  };
  tty: { isatty(fd: number): boolean };
}

function nodeModules(): NodeModules | undefined {
  const process = (globalThis as Runtime).process;
  const fs = process?.getBuiltinModule?.("node:fs") as NodeModules["fs"] | undefined;
  const tty = process?.getBuiltinModule?.("node:tty") as NodeModules["tty"] | undefined;
  return fs === undefined || tty === undefined ? undefined : { fs, tty };
}

/**
 * Reads with `read` (which fills the start of a buffer and returns how many
 * bytes it wrote; 0 or `null` at the end) until the end, or until it has
 * `maxBytes + 1` bytes: one byte past the limit shows it is exceeded, and
 * nothing further is read (`/dev/zero` never ends).
 */
function readAtMost(read: (buffer: Uint8Array) => number | null, maxBytes: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  let length = 0;
  while (length <= maxBytes) {
    const chunk = new Uint8Array(Math.min(65536, maxBytes + 1 - length));
    const count = read(chunk);
    if (count === null || count === 0) break;
    chunks.push(chunk.subarray(0, count));
    length += count;
  }
  const all = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  return all;
}

function runtimeReadFile(path: string, maxBytes: number): Uint8Array {
  const deno = (globalThis as Runtime).Deno;
  if (deno !== undefined) {
    const file = deno.openSync(path);
    try {
      return readAtMost((buffer) => file.readSync(buffer), maxBytes);
    } finally {
      file.close();
    }
  }
  const node = nodeModules();
  if (node === undefined) throw new TypeError("this runtime has no file system");
  const fd = node.fs.openSync(path, "r");
  try {
    return readAtMost((buffer) => node.fs.readSync(fd, buffer, 0, buffer.length, null), maxBytes);
  } finally {
    node.fs.closeSync(fd);
  }
}

/**
 * Standard input up to `maxBytes + 1` bytes, or `undefined` when it is a
 * terminal (nothing was piped).
 */
function runtimeReadStdin(maxBytes: number): Uint8Array | undefined {
  const deno = (globalThis as Runtime).Deno;
  if (deno !== undefined) {
    if (deno.stdin.isTerminal()) return undefined;
    return readAtMost((buffer) => deno.stdin.readSync(buffer), maxBytes);
  }
  const node = nodeModules();
  if (node === undefined || node.tty.isatty(0)) return undefined;
  return readAtMost((buffer) => node.fs.readSync(0, buffer, 0, buffer.length, null), maxBytes);
}

/**
 * Runs the command with the process's arguments: prints through `console`
 * and sets the exit code (`Deno.exit` under Deno; `process.exitCode` under
 * Node.js, so that buffered output is flushed before the process ends).
 * Standard input is read only for `--raw`, and not when it is a terminal.
 *
 * @example
 * ```ts ignore
 * import { main } from "@routecast/endpoint/cli";
 *
 * main(); // as `routecast ...` does
 * ```
 */
export function main(): void {
  const { Deno: deno, process } = globalThis as Runtime;
  const args = deno?.args ?? process?.argv.slice(2) ?? [];
  const { code, stdout, stderr } = runCli(args, {
    readStdin: runtimeReadStdin,
    readFile: runtimeReadFile,
  });
  if (stdout !== "") console.log(stdout);
  if (stderr !== "") console.error(stderr);
  if (deno !== undefined) deno.exit(code);
  else if (process !== undefined) process.exitCode = code;
}

/**
 * Whether this module is the program being run: `import.meta.main` where the
 * runtime has it (Deno, Node.js 24.2 and later); on older Node.js, whether
 * the script path (through any symlink, such as npm's `bin`) is this file.
 */
function isEntryPoint(): boolean {
  const meta = import.meta as { main?: boolean; url: string };
  if (typeof meta.main === "boolean") return meta.main;
  const process = (globalThis as Runtime).process;
  const script = process?.argv[1];
  const fs = process?.getBuiltinModule?.("node:fs") as
    | { realpathSync(path: string): string }
    | undefined;
  const url = process?.getBuiltinModule?.("node:url") as
    | { pathToFileURL(path: string): URL }
    | undefined;
  if (script === undefined || fs === undefined || url === undefined) return false;
  try {
    return url.pathToFileURL(fs.realpathSync(script)).href === meta.url;
  } catch {
    return false;
  }
}

if (isEntryPoint()) main();
