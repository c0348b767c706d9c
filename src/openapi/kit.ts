/**
 * What the rest of routecast uses of `src/openapi/` (not a package export):
 * the command line reads a description once through this module, its
 * security schemes as `fromOpenAPI` reads them and the builder from the same
 * reading, never through the folder's private (`_`) files.
 *
 * @module
 */

import { isPlainObject, own } from "../endpoint/kit.ts";
import { compileLazily } from "./_compile.ts";
import { isBasicScheme, type SchemeDeclaration } from "./_credentials.ts";
import { compiledTable, readTable, TABLE_FORMAT, type TableContents } from "./_table.ts";

export { isBasicScheme, type SchemeDeclaration, type TableContents };
export { builder } from "./_builder.ts";
export { STRICT_HINT } from "./_strict.ts";

/**
 * What a builder reads of a description or of a table `compileOpenAPI`
 * wrote: a table is checked and copied; a description's path items are
 * compiled when one of their operations is first called (docs/design.md
 * rule 25).
 *
 * @throws {TypeError} For a value that is neither a description routecast
 * reads nor a table `compileOpenAPI` could have written.
 */
export function tableContents(description: unknown): TableContents {
  return isPlainObject(description) && own(description, "format") === TABLE_FORMAT
    ? readTable(description)
    : compiledTable(compileLazily(description));
}
