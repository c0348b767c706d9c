/**
 * What the rest of routecast uses of `src/endpoint/` (not a package
 * export): `src/openapi/`, `src/adapters/`, the command line and the entry
 * files import the endpoint layer through this module only, never through
 * its private (`_`) files.
 *
 * @module
 */

// Builders and flavours.
export {
  type EndpointConfig,
  GLOBAL_DEFAULTS,
  makeEndpoint,
  neutralEndpoint,
  ROUTECAST,
} from "./_builder.ts";
export type { Flavour } from "./_flavour.ts";
export type { OctokitEndpoint } from "./octokit_types.ts";

// What ./openapi fills: the declared operations of a description (rule 25).
export type { DeclaredOperations, OperationPlan } from "./_operation_plan.ts";

// The named options.
export { isNamedOption, OPTION_NAMES, Role } from "./_options.ts";

// Own properties, copies, merge rules.
export { defineOwn, isPlainObject, own, setOwn } from "./_own.ts";
export { copyPlain, MAX_DEPTH } from "./_copy.ts";
export { over, valuesOverDefaults } from "./_merge.ts";

// Messages.
export { invalid, listed, quoteValue, typeName } from "./_messages.ts";

// Headers, bodies, values.
export { checkHeaderValue, headerName, type Headers, isToken } from "./_headers.ts";
export { JSON_CONTENT_TYPE } from "./_body.ts";
export { clientJson, writeJson } from "./_json.ts";
export { urlValue } from "./_url.ts";
export { basePrefix } from "./_build_url.ts";

// The query writers: one family, configured (docs/design.md rules 7, 24, 25).
export {
  appendQuery,
  encodeQuery,
  GITHUB_QUERY,
  openApiQuery,
  queryStyle,
  type QueryWriter,
  RFC6570_QUERY,
} from "./_query.ts";
