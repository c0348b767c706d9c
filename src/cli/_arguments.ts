/**
 * The command's arguments: its options (`--curl`, `--base-url URL`...), then
 * what to build: a route (`"GET /x"`), or an optional METHOD and a url,
 * followed by the items.
 *
 * @module
 */

import { quote } from "../uri_template/error.ts";
import { UsageError } from "./_result.ts";

/** The options of one run, and its positional arguments in order. */
export interface Invocation {
  positionals: string[];
  output: "json" | "curl" | "fetch";
  baseUrl: string | undefined;
  raw: boolean;
  help: boolean;
  version: boolean;
  /** `--neutral`: build with `createEndpoint`, none of GitHub's defaults. */
  neutral: boolean;
  /** `--openapi FILE`: the description to build with (`-` for standard input). */
  openapi: string | undefined;
  /** `--server VALUE`, as given. */
  server: string | undefined;
  /** Each `--server-variable NAME=VALUE`, as given and in order. */
  serverVariables: string[];
  /** Each `--credential NAME=SOURCE`, as given and in order (read later: never quoted). */
  credentials: string[];
  /** `--no-strict`: with `--openapi`, build a route or key the description lacks (`strict: false`). */
  strict: boolean;
}

/** The options that take a value (`--option VALUE` or `--option=VALUE`), with what it is. */
const VALUE_OPTIONS = {
  "--base-url": "a URL",
  "--openapi": "a JSON description file",
  "--server": "an index or a url of the description's servers",
  "--server-variable": "NAME=VALUE",
  "--credential": "NAME=@FILE, NAME=@-, NAME=env:VARIABLE or NAME=VALUE",
} as const;
type ValueOption = keyof typeof VALUE_OPTIONS;

function isValueOption(arg: string): arg is ValueOption {
  return Object.hasOwn(VALUE_OPTIONS, arg);
}

/**
 * Reads the options, wherever they stand before `--`; the other arguments
 * are positional.
 *
 * @throws {UsageError} For an unknown option, an option without its value
 * (`--base-url` last), or both `--curl` and `--fetch`.
 */
export function parseArguments(args: readonly string[]): Invocation {
  const invocation: Invocation = {
    positionals: [],
    output: "json",
    baseUrl: undefined,
    raw: false,
    help: false,
    version: false,
    neutral: false,
    openapi: undefined,
    server: undefined,
    serverVariables: [],
    credentials: [],
    strict: true,
  };
  let positional = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (positional || !arg.startsWith("-") || arg.length === 1) {
      invocation.positionals.push(arg);
    } else if (arg === "--") {
      positional = true;
    } else if (isValueOption(arg)) {
      if (i + 1 >= args.length) {
        throw new UsageError(`Missing value for ${arg}: expected ${VALUE_OPTIONS[arg]} after it`);
      }
      setValue(invocation, arg, args[++i]);
    } else {
      readOption(invocation, arg);
    }
  }
  return invocation;
}

/** The options that take no value, and what each sets. */
const FLAGS: ReadonlyMap<string, (invocation: Invocation) => void> = new Map([
  ["--help", (invocation) => invocation.help = true],
  ["-h", (invocation) => invocation.help = true],
  ["--version", (invocation) => invocation.version = true],
  ["-V", (invocation) => invocation.version = true],
  ["--curl", (invocation) => setOutput(invocation, "curl")],
  ["--fetch", (invocation) => setOutput(invocation, "fetch")],
  ["--raw", (invocation) => invocation.raw = true],
  ["--neutral", (invocation) => invocation.neutral = true],
  ["--no-strict", (invocation) => invocation.strict = false],
]);

/**
 * Sets the option `arg` (any but `--` and `--option VALUE`).
 *
 * @throws {UsageError} For an unknown option, or both `--curl` and `--fetch`.
 */
function readOption(invocation: Invocation, arg: string): void {
  const equals = arg.indexOf("=");
  const name = equals === -1 ? arg : arg.slice(0, equals);
  const flag = FLAGS.get(arg);
  if (flag !== undefined) flag(invocation);
  else if (equals !== -1 && isValueOption(name)) setValue(invocation, name, arg.slice(equals + 1));
  else if (equals !== -1 && FLAGS.has(name)) {
    // A known option that takes no value: not "unknown" (HTTPie's --raw TEXT is data=TEXT here).
    throw new UsageError(
      `Invalid option ${quote(name)} with a value: expected ${name} alone${
        name === "--raw" ? " (give a body as data=TEXT)" : ""
      }`,
    );
  } else {
    // Only the name: what follows "=" may be a secret (--credentials=KEY=...).
    throw new UsageError(
      `Unknown option ${
        quote(name)
      }: expected --curl, --fetch, --base-url, --raw, --neutral, --openapi, --server, --server-variable, --credential, --no-strict, --help or --version (items come after the url)`,
    );
  }
}

function setValue(invocation: Invocation, option: ValueOption, value: string): void {
  if (option === "--base-url") invocation.baseUrl = value;
  else if (option === "--openapi") invocation.openapi = value;
  else if (option === "--server") invocation.server = value;
  else if (option === "--server-variable") invocation.serverVariables.push(value);
  else invocation.credentials.push(value);
}

function setOutput(invocation: Invocation, output: "curl" | "fetch"): void {
  if (invocation.output !== "json" && invocation.output !== output) {
    throw new UsageError("Options --curl and --fetch exclude each other: expected one of them");
  }
  invocation.output = output;
}

/** What to build: a route (`"GET /x"`), or a method and a url; without a method, it depends on the body. */
export interface Target {
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
 *
 * @throws {UsageError} When there is no url.
 */
export function targetOf(positionals: readonly string[]): Target {
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
