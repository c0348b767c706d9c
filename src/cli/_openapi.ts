/**
 * `routecast openapi <description.json | ->`: the operation table of an
 * OpenAPI description, as `compileOpenAPI()` writes it, on one line of JSON.
 *
 * @module
 */

import { compileOpenAPI } from "../openapi/mod.ts";
import type { Invocation } from "./_arguments.ts";
import { readDescription } from "./_description.ts";
import type { CliInput, InputBudget } from "./_input.ts";
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
    invocation.neutral || invocation.openapi !== undefined || invocation.server !== undefined ||
    invocation.serverVariables.length > 0 || invocation.credentials.length > 0 ||
    source === undefined || extra.length > 0
  ) {
    throw new UsageError(
      "Invalid use of routecast openapi: expected routecast openapi <description.json | ->, with no options",
    );
  }
  try {
    const description = readDescription(source, input, budget);
    return printed(JSON.stringify(compileOpenAPI(description as object)));
  } catch (error) {
    return failed(1, error);
  }
}
