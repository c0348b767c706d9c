/**
 * What the rest of routecast uses of the URI template layer (not a package
 * export): the encoders, the value normalizer's pieces, message quoting, and
 * the one RFC 6570 variable-name check.
 *
 * @module
 */

import { isClass, isTripletAt, VARCHAR } from "./_encode.ts";

export { encodeNumber, encodeText } from "./_encode.ts";
export { listItems, MAX_LIST_ITEMS, Pairs } from "./_values.ts";
export { escapeText, quote } from "./error.ts";
export type { TemplateValue } from "./_engine.ts";
export type { TemplateExpressions } from "./_template_types.ts";

/**
 * Whether `name` is an RFC 6570 `varname` (section 2.3): letters, digits,
 * `_` and `%XX` triplets, in parts joined by single dots; with `dash`, `-`
 * is allowed wherever a letter is (docs/design.md rule 18, route urls only).
 */
export function isVariableName(name: string, dash: boolean): boolean {
  let part = false;
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if (isClass(code, VARCHAR) || (dash && code === 0x2d)) {
      part = true;
    } else if (isTripletAt(name, i)) {
      part = true;
      i += 2;
    } else if (code === 0x2e && part) {
      part = false;
    } else {
      return false;
    }
  }
  return part;
}
