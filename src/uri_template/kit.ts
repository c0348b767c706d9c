/**
 * What the rest of routecast uses of `src/uri_template/` besides its public
 * modules (not a package export). Other folders import this door, never a
 * private `_` file.
 *
 * @module
 */

export { isVariableName, Operator, parseSyntax } from "./_syntax.ts";
