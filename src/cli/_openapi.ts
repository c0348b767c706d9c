/**
 * `routecast openapi <description.json | ->`: the operation table of an
 * OpenAPI description, as `compileOpenAPI()` writes it, on one line of JSON.
 *
 * @module
 */

import { compileOpenAPI } from "../openapi/mod.ts";
import { quote } from "../uri_template/error.ts";
import type { Invocation } from "./_arguments.ts";
import {
  type CliInput,
  type InputBudget,
  parseJson,
  readFileText,
  readStdinText,
} from "./_input.ts";
import { type CliResult, failed, printed, UsageError } from "./_result.ts";

/**
 * Runs `routecast openapi`: exit code 1 for a description that cannot be
 * read or compiled.
 *
 * @throws {UsageError} For options or arguments the command does not take.
 */
export function openapiTable(
  invocation: Invocation,
  input: CliInput,
  budget: InputBudget,
): CliResult {
  const [, source, ...extra] = invocation.positionals;
  if (
    invocation.output !== "json" || invocation.raw || invocation.baseUrl !== undefined ||
    source === undefined || extra.length > 0
  ) {
    throw new UsageError(
      "Invalid use of routecast openapi: expected routecast openapi <description.json | ->, with no options",
    );
  }
  try {
    const description = parseJson(
      readDescription(source, input, budget),
      `${sourceName(source)} (an OpenAPI description as JSON; convert YAML first)`,
      true,
    );
    return printed(JSON.stringify(compileOpenAPI(description as object)));
  } catch (error) {
    return failed(1, error);
  }
}

function sourceName(source: string): string {
  return source === "-" ? "standard input" : `file ${quote(source)}`;
}

/**
 * The description's text, from standard input for `-`, else from the file.
 *
 * @throws {TypeError} When there is none to read, or it cannot be read.
 */
function readDescription(source: string, input: CliInput, budget: InputBudget): string {
  if (source !== "-") return readFileText(input, budget, source, sourceName(source));
  const text = readStdinText(input, budget, sourceName(source));
  if (text === undefined) {
    throw new TypeError(
      "Cannot read standard input: expected the description piped or redirected (< file), not a terminal",
    );
  }
  return text;
}
