/**
 * The `routecast` command: a route and HTTPie-style items in, request
 * options out (as JSON, a curl command or a fetch call). It sends nothing.
 *
 * ```sh
 * routecast "POST /repos/{owner}/{repo}/issues" owner=octocat repo=hello \
 *   title="Found a bug" labels:='["bug"]' Authorization:"token $TOKEN"
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

const HELP = `routecast ${VERSION}: turns a route and parameters into HTTP request options.

Usage:
  routecast [options] "<METHOD> <url>" [items...]

Items (as in HTTPie):
  name=value     a string parameter: a url variable, else a query parameter
                 (GET, HEAD), else a JSON body key
  name:=json     a raw JSON parameter: number, boolean, null, list or object
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
  --help           print this help
  --version        print the version

Examples:
  routecast "POST /repos/{owner}/{repo}/issues" owner=octocat repo=hello \\
    title="Found a bug" labels:='["bug"]' Authorization:"token $TOKEN"
  routecast --curl "GET /repos/{owner}/{repo}/issues" owner=octocat repo=hello state=open

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

/** Turns the items into `endpoint()` options. */
function optionsFromItems(items: readonly string[]): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  const headers: Record<string, string | null> = {};
  let hasHeaders = false;
  // A repeated name makes a list (as in HTTPie); a list given once as JSON stays one value.
  const lists = new Set<string>();
  const addParameter = (name: string, value: unknown) => {
    if (!Object.hasOwn(options, name)) return setOwn(options, name, value);
    const previous = options[name];
    setOwn(options, name, lists.has(name) ? [...previous as unknown[], value] : [previous, value]);
    lists.add(name);
  };
  for (const item of items) {
    const [name, separator, value] = splitItem(item);
    switch (separator) {
      case "=":
        addParameter(name, value);
        break;
      case ":=": {
        let parsed: unknown;
        try {
          parsed = JSON.parse(value);
        } catch (error) {
          throw new TypeError(
            `Invalid JSON in item ${quote(item)}: ${oneLine((error as Error).message)}`,
          );
        }
        addParameter(name, parsed);
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
      case "==":
        throw new TypeError(
          `Invalid item ${
            quote(item)
          }: query items (name==value) are not supported, expected {?${name}} in the route, or name=value with GET or HEAD`,
        );
      default:
        throw new TypeError(
          `Invalid item ${
            quote(item)
          }: file items ("${separator}") are not supported, expected name=value or name:=json with the content`,
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
  return options;
}

function oneLine(text: string): string {
  return text.split("\n").map((line) => line.trim()).filter((line) => line !== "").join(" ");
}

/** `fetch(...)` source that sends exactly what `toFetch` gives. */
function fetchSource(options: RequestOptions): string {
  const [url, init] = toFetch(options);
  const lines = [`const response = await fetch(${quote(url)}, {`];
  lines.push(`  method: ${quote(init.method)},`);
  lines.push("  headers: {");
  for (const [name, value] of Object.entries(init.headers)) {
    lines.push(`    ${quote(name)}: ${quote(value)},`);
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
  } else if (body !== undefined) {
    const json = JSON.stringify(body, null, 2).replaceAll("\n", "\n  ");
    lines.push(`  body: JSON.stringify(${json}),`);
  }
  lines.push("});");
  return lines.join("\n");
}

interface Invocation {
  route: string | undefined;
  items: string[];
  output: "json" | "curl" | "fetch";
  baseUrl: string | undefined;
  help: boolean;
  version: boolean;
}

function parseArguments(args: readonly string[]): Invocation {
  const invocation: Invocation = {
    route: undefined,
    items: [],
    output: "json",
    baseUrl: undefined,
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
      else if (arg === "--version") invocation.version = true;
      else if (arg === "--curl") setOutput("curl");
      else if (arg === "--fetch") setOutput("fetch");
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
          }: expected --curl, --fetch, --base-url, --help or --version (items come after the route)`,
        );
      }
      continue;
    }
    if (invocation.route === undefined) invocation.route = arg;
    else invocation.items.push(arg);
  }
  return invocation;
}

/**
 * Runs the command on `args` (the words after the command name) and returns
 * what it prints and its exit code, without printing or exiting.
 *
 * @param args The command-line arguments.
 * @returns Output, error line and exit code.
 *
 * @example
 * ```ts
 * import { runCli } from "@routecast/endpoint/cli";
 * import { assertEquals } from "@std/assert";
 *
 * const result = runCli(["--curl", "GET /users/{username}", "username=octocat"]);
 * assertEquals(result.code, 0);
 * assertEquals(result.stdout.startsWith("curl -X GET https://api.github.com/users/octocat"), true);
 * assertEquals(runCli(["GET /x", "labels:=[bug"]).stderr,
 *   `routecast: Invalid JSON in item "labels:=[bug": Unexpected token 'b', "[bug" is not valid JSON`);
 * ```
 */
export function runCli(args: readonly string[]): CliResult {
  let invocation: Invocation;
  try {
    invocation = parseArguments(args);
  } catch (error) {
    return { code: 2, stdout: "", stderr: `routecast: ${oneLine((error as Error).message)}` };
  }
  if (invocation.help) return { code: 0, stdout: HELP, stderr: "" };
  if (invocation.version) return { code: 0, stdout: `routecast ${VERSION}`, stderr: "" };
  if (invocation.route === undefined) {
    return {
      code: 2,
      stdout: "",
      stderr:
        'routecast: Missing route: expected routecast "<METHOD> <url>" [items...], see routecast --help',
    };
  }
  try {
    const options = optionsFromItems(invocation.items);
    if (invocation.baseUrl !== undefined) options.baseUrl = invocation.baseUrl;
    const result = endpoint(invocation.route, options as EndpointOptions);
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
  Deno?: { args: string[]; exit(code: number): void };
  process?: {
    argv: string[];
    exitCode?: number;
    getBuiltinModule?(name: string): unknown;
  };
}

/**
 * Runs the command with the process's arguments: prints through `console`
 * and sets the exit code (`Deno.exit` under Deno; `process.exitCode` under
 * Node.js, so that buffered output is flushed before the process ends).
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
  const { code, stdout, stderr } = runCli(args);
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
