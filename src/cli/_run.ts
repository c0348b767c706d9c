/**
 * One run of the command, from its arguments to what it prints: the usage
 * checks (exit code 2), then the request built from the items and printed
 * as JSON, a curl command or a fetch call (exit code 1 for invalid input).
 *
 * @module
 */

import type { Endpoint, EndpointOptions, RequestOptions } from "../endpoint/types.ts";
import { toCurl } from "../adapters/to_curl.ts";
import { toFetchSource } from "../adapters/to_fetch_source.ts";
import { quote } from "../uri_template/error.ts";
import { VERSION } from "../version.ts";
import { apiOf, type OpenAPIArguments, openapiArguments } from "./_api.ts";
import { type Invocation, parseArguments, type Target, targetOf } from "./_arguments.ts";
import { HELP } from "./_help.ts";
import { STRICT_HINT } from "../openapi/kit.ts";
import {
  type CliInput,
  fileOfItem,
  InputBudget,
  readFileText,
  stdinBytes,
  textOf,
} from "./_input.ts";
import { optionsFromItems, queryVariables, withQuery } from "./_items.ts";
import { openapiTable } from "./_openapi.ts";
import { type CliResult, failed, printed, UsageError } from "./_result.ts";

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
  const budget = new InputBudget();
  let started: Started | CliResult;
  try {
    started = start(args, input, budget);
  } catch (error) {
    return failed(2, error);
  }
  if (!("invocation" in started)) return started;
  try {
    return printed(respond(started, input, budget));
  } catch (error) {
    return failed(1, started.openapi === undefined ? error : forCommandLine(error));
  }
}

/** `fromOpenAPI`'s refusal of a key names the command line's way out, not the library's option. */
function forCommandLine(error: unknown): unknown {
  if (!(error instanceof TypeError) || !error.message.endsWith(STRICT_HINT)) return error;
  return new TypeError(error.message.slice(0, -STRICT_HINT.length) + " (or --no-strict)");
}

/** A run past its usage checks: what to build, and standard input for `--raw`, unread. */
interface Started {
  invocation: Invocation;
  target: Target;
  openapi: OpenAPIArguments | undefined;
  stdin: Uint8Array | undefined;
}

/**
 * Reads the arguments, and standard input for `--raw`; answers `--help`,
 * `--version` and `routecast openapi` at once, and options that do not
 * combine with exit code 1.
 *
 * @throws {UsageError} For invalid usage; errors of the stdin reader pass through.
 */
function start(args: readonly string[], input: CliInput, budget: InputBudget): Started | CliResult {
  const invocation = parseArguments(args);
  if (invocation.help) return printed(HELP);
  if (invocation.version) return printed(`routecast ${VERSION}`);
  if (invocation.positionals[0] === "openapi") return openapiTable(invocation, input, budget);
  const target = targetOf(invocation.positionals);
  let openapi: OpenAPIArguments | undefined;
  try {
    openapi = openapiArguments(invocation);
  } catch (error) {
    return failed(1, error);
  }
  const stdin = invocation.raw ? stdinBytes(input, budget) : undefined;
  if (invocation.raw && stdin === undefined) {
    throw new UsageError(
      "Option --raw found no standard input to read: expected the body piped or redirected (< file), not a terminal",
    );
  }
  return { invocation, target, openapi, stdin };
}

/**
 * The request of a started run, printed.
 *
 * @throws {TypeError} For invalid input: an item, a file, standard input, the route or a value.
 */
function respond(started: Started, input: CliInput, budget: InputBudget): string {
  const { invocation, target, openapi, stdin } = started;
  const raw = "standard input for --raw";
  const body = stdin === undefined ? undefined : textOf(stdin, raw, budget);
  const api = apiOf(invocation, openapi, input, budget);
  const { options, query } = optionsFromItems(
    target.items,
    (path, item) => readFileText(input, budget, path, fileOfItem(path, item)),
    queryVariables(target.route ?? target.url),
  );
  if (body !== undefined) {
    if (Object.hasOwn(options, "data")) {
      throw new TypeError("Option --raw and a data item both give the body: expected one of them");
    }
    options.data = body;
  }
  // fromOpenAPI took it: a per-call baseUrl would be a parameter of an operation that declares one.
  if (invocation.baseUrl !== undefined && openapi === undefined) {
    options.baseUrl = invocation.baseUrl;
  }
  const built = build(api, target, options as EndpointOptions, openapi !== undefined);
  return print({ ...built, url: withQuery(built.url, query) }, invocation.output);
}

/**
 * Builds the request with `api`; without a method, POST when it then has a
 * body, else GET (HTTPie's rule, where an item that fills a url variable, a
 * header, a query item or a named option other than `data` is not body
 * data). A description (`described`) names each operation's method: there
 * is no guessing it.
 */
function build(
  api: Endpoint,
  target: Target,
  options: EndpointOptions,
  described: boolean,
): RequestOptions {
  if (target.route !== undefined) return api(target.route, options);
  if (target.url === "") {
    throw new TypeError(
      'Invalid url "": expected a path such as "/users/{username}" or a full URL',
    );
  }
  const url = target.url;
  if (target.method !== undefined) return api(`${target.method} ${url}`, options);
  if (described) {
    throw new TypeError(
      `Missing method for ${
        quote(url)
      } with --openapi: expected METHOD <path>, an operation of the description`,
    );
  }
  const post = api(`POST ${url}`, options);
  return post.body === undefined ? api(`GET ${url}`, options) : post;
}

function print(request: RequestOptions, output: Invocation["output"]): string {
  if (output === "curl") return toCurl(request);
  if (output === "fetch") return toFetchSource(request);
  // JSON would print a FormData as {}, an empty body (docs/cli.md, multipart bodies).
  if (typeof FormData === "function" && request.body instanceof FormData) {
    throw new TypeError(
      "Cannot print a multipart/form-data body as JSON: expected --curl or --fetch, which write its parts",
    );
  }
  return JSON.stringify(request, null, 2);
}
