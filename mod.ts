/**
 * routecast: turns a route and parameters into HTTP request options.
 *
 * @module
 */

export { VERSION } from "./src/_version.ts";
