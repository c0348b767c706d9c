/**
 * The `routecast` command: a route and HTTPie-style items in, request
 * options out (as JSON, a curl command or a fetch call). It sends nothing.
 *
 * ```sh
 * routecast "POST /repos/{owner}/{repo}/issues" owner=octocat repo=hello \
 *   title="Found a bug" labels:='["bug"]' Authorization:"token $TOKEN"
 * routecast GET /users/octocat/repos per_page==5
 * ```
 *
 * Runs under Deno (`deno run cli.ts ...`) and Node.js (the npm `bin`);
 * importing it has no side effects.
 *
 * @module
 */

import { endpoint } from "./src/endpoint/mod.ts";
import type { EndpointOptions, RequestOptions } from "./src/endpoint/types.ts";
import { toCurl } from "./src/adapters/to_curl.ts";
import { toFetch } from "./src/adapters/to_fetch.ts";
import { VERSION } from "./src/_version.ts";

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
 * and `name:=@file` items, and standard input for `--raw`.
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
   * All of standard input, for `--raw`; `undefined` when there is none to
   * read (as when it is a terminal).
   *
   * @default {() => undefined}
   */
  readonly readStdin?: () => Uint8Array | undefined;
  /**
   * The content of a file, for `name=@file` and `name:=@file` items.
   *
   * @default {the runtime's `Deno.readFileSync` or `node:fs` `readFileSync`}
   */
  readonly readFile?: (path: string) => Uint8Array;
}

const HELP = `routecast ${VERSION}: turns a route and parameters into HTTP request options.

Usage:
  routecast [options] [METHOD] <url> [items...]
  routecast [options] "<METHOD> <url>" [items...]

  The url is a path (joined to the base URL) or a full URL, either an RFC 6570
  template. Without a METHOD (a word of letters) it is POST when the request
  has a body to send (an item that is not a url variable, a header, a query
  item or an option; or --raw), else GET, as in HTTPie.

Items (as in HTTPie):
  name=value     a string parameter: a url variable, else a query parameter
                 (GET, HEAD), else a JSON body key
  name:=json     a raw JSON parameter: number, boolean, null, list or object
  name==value    a query parameter, for any method (added to the url as {?name*})
  name=@file     a string parameter read from a file (UTF-8)
  name:=@file    a raw JSON parameter read from a file
  Header:value   a request header; "Header:" with no value removes a default one

  The earliest separator in an item decides its kind and, where several start
  at the same place, the longest: "a:=1" is JSON, "A:b" a header, "a=b:c" a
  string. A backslash makes the next ":", "=", "@" or "\\" plain: "a\\:b=c" is
  the string parameter "a:b". A header name must be an HTTP token. Repeating a
  name makes a list: labels=bug labels=docs. Items named like an endpoint()
  option set it: data=text sends a raw body, mediaType:='{"format":"raw"}'.

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

function quote(text: string): string {
  return JSON.stringify(text);
}

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

function decodeUtf8(bytes: Uint8Array, what: string): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new TypeError(`Invalid ${what}: expected UTF-8 text`);
  }
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new TypeError(`Invalid JSON in ${what}: ${oneLine((error as Error).message)}`);
  }
}

/** `endpoint()` options from the items, and the names of the query items in order. */
interface ItemOptions {
  options: Record<string, unknown>;
  query: string[];
}

/** Turns the items into `endpoint()` options. */
function optionsFromItems(items: readonly string[], read: TextReader): ItemOptions {
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
  // Query items are parameters too; a name is either a query item or another kind.
  const query: string[] = [];
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
        const key = queryVariable(name);
        claim(key, "query", item);
        if (!Object.hasOwn(options, key)) query.push(key);
        addParameter(key, value);
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
 * `template` with the query variables added: into its `{?...}` expression
 * when it has one (a separate `{&...}` would follow an empty `{?...}` with
 * a bare `&`), else as `{&...}` after a literal `?` or as `{?...}`, before
 * any fragment. Each is exploded, so that a repeated item repeats the name.
 */
function withQuery(template: string, names: readonly string[]): string {
  if (names.length === 0) return template;
  const list = names.map((name) => `${name}*`).join(",");
  let hasQuery = false;
  let end = template.length;
  for (let i = 0; i < template.length; i++) {
    const char = template[i];
    if (char === "{") {
      const close = template.indexOf("}", i);
      if (close < 0) break;
      if (template[i + 1] === "?") {
        return `${template.slice(0, close)},${list}${template.slice(close)}`;
      }
      if (template[i + 1] === "#") {
        end = i;
        break;
      }
      i = close;
    } else if (char === "?") hasQuery = true;
    else if (char === "#") {
      end = i;
      break;
    }
  }
  return `${template.slice(0, end)}{${hasQuery ? "&" : "?"}${list}}${template.slice(end)}`;
}

function oneLine(text: string): string {
  return text.split("\n").map((line) => line.trim()).filter((line) => line !== "").join(" ");
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
  const lines = [`const response = await fetch(${quote(url)}, {`];
  lines.push(`  method: ${quote(init.method)},`);
  lines.push("  headers: {");
  for (const [name, value] of Object.entries(init.headers)) {
    lines.push(`    ${name === "__proto__" ? `[${quote(name)}]` : quote(name)}: ${quote(value)},`);
  }
  lines.push("  },");
  const body = options.body;
  if (typeof body === "string") {
    // toFetch sends a string without a content type as bytes, so fetch adds none.
    lines.push(
      init.body instanceof Uint8Array
        ? `  body: new TextEncoder().encode(${quote(body)}),`
        : `  body: ${quote(body)},`,
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
function build(target: Target, query: readonly string[], options: EndpointOptions): RequestOptions {
  if (target.route !== undefined) return endpoint(withQuery(target.route, query), options);
  if (target.url === "") {
    throw new TypeError(
      'Invalid url "": expected a path such as "/users/{username}" or a full URL',
    );
  }
  const url = withQuery(target.url, query);
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
  try {
    invocation = parseArguments(args);
    if (invocation.help) return { code: 0, stdout: HELP, stderr: "" };
    if (invocation.version) return { code: 0, stdout: `routecast ${VERSION}`, stderr: "" };
    target = targetOf(invocation.positionals);
    if (invocation.raw) {
      stdin = (input.readStdin ?? (() => undefined))();
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
      let bytes: Uint8Array;
      try {
        bytes = readFile(path);
      } catch (error) {
        throw new TypeError(
          `Cannot read file ${quote(path)} of item ${quote(item)}: ${
            oneLine((error as Error).message)
          }`,
        );
      }
      return decodeUtf8(bytes, `file ${quote(path)} of item ${quote(item)}`);
    },
  };
  try {
    const { options, query } = optionsFromItems(target.items, read);
    if (stdin !== undefined) {
      if (Object.hasOwn(options, "data")) {
        throw new TypeError(
          "Option --raw and a data item both give the body: expected one of them",
        );
      }
      options.data = decodeUtf8(stdin, "standard input for --raw");
    }
    if (invocation.baseUrl !== undefined) options.baseUrl = invocation.baseUrl;
    const result = build(target, query, options as EndpointOptions);
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

/** The parts of Deno and Node.js the command uses. */
interface Runtime {
  Deno?: {
    args: string[];
    exit(code: number): void;
    readFileSync(path: string): Uint8Array;
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
  fs: { readFileSync(path: string | number): Uint8Array };
  tty: { isatty(fd: number): boolean };
}

function nodeModules(): NodeModules | undefined {
  const process = (globalThis as Runtime).process;
  const fs = process?.getBuiltinModule?.("node:fs") as NodeModules["fs"] | undefined;
  const tty = process?.getBuiltinModule?.("node:tty") as NodeModules["tty"] | undefined;
  return fs === undefined || tty === undefined ? undefined : { fs, tty };
}

function runtimeReadFile(path: string): Uint8Array {
  const deno = (globalThis as Runtime).Deno;
  if (deno !== undefined) return deno.readFileSync(path);
  const node = nodeModules();
  if (node === undefined) throw new TypeError("this runtime has no file system");
  return node.fs.readFileSync(path);
}

/** All of standard input, or `undefined` when it is a terminal (nothing was piped). */
function runtimeReadStdin(): Uint8Array | undefined {
  const deno = (globalThis as Runtime).Deno;
  if (deno !== undefined) {
    if (deno.stdin.isTerminal()) return undefined;
    const chunks: Uint8Array[] = [];
    let length = 0;
    for (;;) {
      const chunk = new Uint8Array(65536);
      const count = deno.stdin.readSync(chunk);
      if (count === null) break;
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
  const node = nodeModules();
  if (node === undefined || node.tty.isatty(0)) return undefined;
  return node.fs.readFileSync(0);
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
