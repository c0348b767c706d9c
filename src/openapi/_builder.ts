/**
 * The builder of `fromOpenAPI` and `fromOpenAPITable`: a table's operations
 * (or a description's, compiled when first called) with the caller's
 * options, each checked when the builder is made (docs/design.md rules 25
 * and 26).
 *
 * @module
 */

import { compileUrlTemplate as compile } from "../uri_template/lite.ts";
import {
  basePrefix,
  type DeclaredOperations,
  invalid,
  isPlainObject,
  listed,
  neutralEndpoint,
  own,
  quoteValue,
} from "../endpoint/kit.ts";
import type { Endpoint, OpenAPIEndpoint } from "../endpoint/types.ts";
import { declaredOperations } from "./_operation.ts";
import { chooseServers } from "./_servers.ts";
import { readCredentials } from "./_credentials.ts";
import type { TableContents } from "./_table.ts";

const OPTION_KEYS = [
  "baseUrl",
  "defaults",
  "config",
  "credentials",
  "server",
  "serverVariables",
  "strict",
];

/**
 * The builder for a table's operations, with the caller's options.
 *
 * @throws {TypeError} For invalid options.
 */
export function builder(table: TableContents, options: unknown): OpenAPIEndpoint {
  const keys = listed(OPTION_KEYS);
  if (options !== undefined && !isPlainObject(options)) {
    throw invalid("options", options, `expected an object with ${keys}`);
  }
  const given: Record<string, unknown> = options ?? {};
  for (const key of Object.keys(given)) {
    if (!OPTION_KEYS.includes(key)) {
      throw new TypeError(`Invalid option ${quoteValue(key)}: expected one of ${keys}`);
    }
  }
  const strict = own(given, "strict");
  if (strict !== undefined && typeof strict !== "boolean") {
    throw invalid("option strict", strict, "expected true or false");
  }
  // Read once: a getter's second answer never differs from what the servers were checked against.
  const baseUrl = own(given, "baseUrl");
  // Every option is checked when the builder is made (docs/design.md rule 26), baseUrl too.
  if (baseUrl !== undefined) basePrefix(baseUrl, "");
  const servers = chooseServers(
    table,
    own(given, "server"),
    own(given, "serverVariables"),
    baseUrl !== undefined,
  );
  const declared: DeclaredOperations = declaredOperations(table.operations, servers.server, {
    strict: strict !== false,
    servers: servers.operations,
    credentials: readCredentials(own(given, "credentials"), table.schemes),
    security: table.security,
  });
  const api = neutralEndpoint(compile, own(given, "defaults"), own(given, "config"), declared);
  const built: Endpoint = baseUrl === undefined
    ? api
    : api.defaults({ baseUrl: baseUrl as string });
  return built as OpenAPIEndpoint;
}
