/**
 * The builder a run uses: `endpoint` (GitHub's defaults, by default),
 * `createEndpoint` (`--neutral`: no `accept`, `user-agent` or host), or
 * `fromOpenAPI` (`--openapi FILE`: strict routes unless `--no-strict`,
 * with `--server`, `--server-variable` and `--credential`), docs/design.md
 * rule 27.
 *
 * @module
 */

import { createEndpoint, endpoint } from "../endpoint/mod.ts";
import { setOwn } from "../endpoint/kit.ts";
import type { Endpoint } from "../endpoint/types.ts";
import { builder, tableContents } from "../openapi/kit.ts";
import { quote } from "../uri_template/error.ts";
import type { Invocation } from "./_arguments.ts";
import {
  basicSchemes,
  type CredentialSource,
  credentialSources,
  readCredentials,
} from "./_credentials.ts";
import { readDescription } from "./_description.ts";
import type { CliInput, InputBudget } from "./_input.ts";

/** What `--openapi` builds with, checked before anything is read. */
export interface OpenAPIArguments {
  /** The description's file name, or `-`. */
  readonly source: string;
  /** `fromOpenAPI`'s options, but `credentials`. */
  readonly options: Record<string, unknown>;
  /** Where each credential comes from, by scheme name (read later). */
  readonly credentials: ReadonlyMap<string, CredentialSource>;
}

/**
 * Checks how the options combine, before any input is read: `--neutral`
 * and `--openapi` exclude each other, `--server`, `--server-variable`,
 * `--credential` and `--no-strict` need `--openapi`, and standard input is
 * read once.
 *
 * @returns The `--openapi` arguments, or `undefined` without `--openapi`.
 * @throws {TypeError} For options that do not combine, or a malformed
 * `--credential` or `--server-variable`.
 */
export function openapiArguments(invocation: Invocation): OpenAPIArguments | undefined {
  const { openapi: source, credentials } = invocation;
  if (source === undefined) {
    const needing = invocation.credentials.length > 0
      ? "--credential"
      : invocation.server !== undefined
      ? "--server"
      : invocation.serverVariables.length > 0
      ? "--server-variable"
      : !invocation.strict
      ? "--no-strict"
      : undefined;
    if (needing !== undefined) {
      throw new TypeError(
        `Option ${needing} needs --openapi: expected --openapi FILE, the description that defines it`,
      );
    }
    return undefined;
  }
  if (invocation.neutral) {
    throw new TypeError(
      "Options --neutral and --openapi exclude each other: expected one of them (--openapi builds with no GitHub defaults already)",
    );
  }
  const sources = credentialSources(credentials);
  let readers = (invocation.raw ? 1 : 0) + (source === "-" ? 1 : 0);
  for (const credential of sources.values()) if (credential.from === "stdin") readers++;
  if (readers > 1) {
    throw new TypeError(
      "Standard input is read once: expected at most one of --raw, --openapi - and --credential NAME=@-",
    );
  }
  const options: Record<string, unknown> = {};
  if (invocation.baseUrl !== undefined) options.baseUrl = invocation.baseUrl;
  if (!invocation.strict) options.strict = false;
  if (invocation.server !== undefined) options.server = serverOption(invocation.server);
  if (invocation.serverVariables.length > 0) {
    options.serverVariables = serverVariables(invocation.serverVariables);
  }
  return { source, options, credentials: sources };
}

/**
 * `--server VALUE` as `fromOpenAPI` takes it: digits are an index into the
 * description's `servers`, anything else one of their urls.
 */
function serverOption(value: string): number | string {
  return value !== "" && [...value].every((char) => char >= "0" && char <= "9")
    ? Number(value)
    : value;
}

/**
 * The `serverVariables` option from `NAME=VALUE` arguments, a later one
 * for a name over an earlier one.
 *
 * @throws {TypeError} For an argument without a name before `=`.
 */
function serverVariables(args: readonly string[]): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const arg of args) {
    const equals = arg.indexOf("=");
    if (equals < 1) {
      throw new TypeError(
        `Invalid --server-variable ${
          quote(arg)
        }: expected NAME=VALUE, a variable of the server's url`,
      );
    }
    setOwn(variables, arg.slice(0, equals), arg.slice(equals + 1));
  }
  return variables;
}

/**
 * The builder of a run.
 *
 * @throws {TypeError} For a description or a credential that cannot be
 * read, or options `fromOpenAPI` refuses.
 */
export function apiOf(
  invocation: Invocation,
  openapi: OpenAPIArguments | undefined,
  input: CliInput,
  budget: InputBudget,
): Endpoint {
  if (openapi === undefined) return invocation.neutral ? createEndpoint() : endpoint;
  // Read once: the schemes as fromOpenAPI reads them (a basic one gets { username, password }),
  // and the builder from the same reading.
  const contents = tableContents(readDescription(openapi.source, input, budget));
  const options = { ...openapi.options };
  if (openapi.credentials.size > 0) {
    const basic = basicSchemes(contents.schemes);
    options.credentials = readCredentials(openapi.credentials, basic, input, budget);
  }
  return builder(contents, options);
}
