/**
 * What the rest of routecast uses of the URI template layer
 * (src/uri_template/kit.ts): the one variable-name check and message text.
 */

import { assert, assertEquals } from "@std/assert";
import { escapeText, isVarname, quote } from "../src/uri_template/kit.ts";
import { parseTemplate } from "../src/uri_template/mod.ts";

Deno.test("isVarname() is RFC 6570's varname, '-' only when asked (rule 18)", () => {
  const strict = ["a", "A_9", "a.b", "x.y.z", "%20", "a%2Fb", "_"];
  const notNames = ["", ".", ".a", "a.", "a..b", "%2", "%zz", "a b", "a/b", "é", "a\nb", "a*"];
  for (const name of strict) {
    assert(isVarname(name, false), name);
    assert(isVarname(name, true), name);
    // The strict parser agrees.
    parseTemplate(`{${name}}`);
  }
  for (const name of notNames) {
    assert(!isVarname(name, false), name);
    assert(!isVarname(name, true), name);
  }
  for (const name of ["a-b", "-", "a.-", "a-%20"]) {
    assert(!isVarname(name, false), name);
    assert(isVarname(name, true), name);
  }
});

Deno.test("escapeText() writes each character as quote() does, but quotes and backslashes, at any bound", () => {
  const text = 'Bad "x"\r\n\\ \0 \ud800 \u{1F600} end';
  assertEquals(escapeText(text, 1000), 'Bad "x"\\r\\n\\ \\u0000 \\ud800 \u{1F600} end');
  assertEquals(quote(text), JSON.stringify(text));
  // Cut before the character that would pass the bound, never inside an escape or a pair.
  assertEquals(escapeText("ab\ncd", 3), "ab…");
  assertEquals(escapeText("ab\ncd", 4), "ab\\n…");
  assertEquals(escapeText("a\u{1F600}b", 2), "a…");
  assertEquals(escapeText("x".repeat(5000), 1000), "x".repeat(1000) + "…");
});
