/**
 * What the rest of routecast uses of `src/uri_template/` (not a package
 * export): the encoders and the limits the endpoint layer shares with the
 * template engines.
 *
 * @module
 */

export { encodeNumber, encodeText, isWordChar } from "./_encode.ts";
export { MAX_LIST_ITEMS, Pairs } from "./_values.ts";
