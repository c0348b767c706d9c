/**
 * What the rest of routecast uses of `src/endpoint/` besides its public
 * modules: the rules other folders apply the same way (not a package
 * export). Other folders import this door, never a private `_` file.
 *
 * @module
 */

export { isNamedOption } from "./_options.ts";
export { isToken } from "./_headers.ts";
export { MAX_DEPTH, setOwn, typeName } from "./_objects.ts";
export { appendQuery } from "./_query.ts";
