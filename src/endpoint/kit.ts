/**
 * What the rest of routecast (`src/openapi/`, `src/adapters/`, `src/cli/`)
 * uses of the endpoint layer besides its public modules (not a package
 * export): the builder, the declared-operation contract, and the rules other
 * folders apply the same way, each in one place. Other folders import this
 * door, never a private `_` file.
 *
 * @module
 */

export { type EndpointConfig, neutralEndpoint } from "./_builder.ts";
export type { DeclaredOperations, OperationPlan } from "./_plan.ts";
export { valuesOverDefaults } from "./_build.ts";
export { checkHeaderValue, type Headers, isToken } from "./_headers.ts";
export { JSON_CONTENT_TYPE } from "./_body.ts";
export { clientJson, writeJson } from "./_json.ts";
export { isNamedOption } from "./_options.ts";
export {
  copyPlain,
  invalid,
  isPlainObject,
  MAX_DEPTH,
  own,
  quoteValue,
  setOwn,
  typeName,
} from "./_objects.ts";
export { appendQuery, type QueryWriter } from "./_query.ts";
export { encodeQuery, formsWriter, type ListForm, type ObjectForm } from "./_query_forms.ts";
export { urlValue } from "./_url.ts";
