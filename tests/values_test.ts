/**
 * The values of a template (src/uri_template/_values.ts): a list is bounded at 2^20 items, so a
 * huge sparse array costs no minutes, on every entry that builds requests.
 */
import { assertEquals, assertThrows } from "@std/assert";
import { LOOSE_BUILDERS } from "./_loose.ts";

const API = "https://api.github.com";

for (const [entry, builder] of LOOSE_BUILDERS) {
  Deno.test(`endpoint() bounds a list at 2^20 items, so a huge sparse array costs no minutes (${entry})`, () => {
    const huge = ["a"];
    huge.length = 2 ** 32 - 1;
    assertThrows(
      () => builder("GET /a{/x*}", { x: huge }),
      TypeError,
      'Cannot expand variable "x": expected a list of at most 1048576 items, found 4294967295',
    );
    assertThrows(() => builder("GET /a", { x: huge }), TypeError, "at most 1048576 items");
    assertThrows(
      () => builder.defaults({ x: huge }),
      TypeError,
      'Invalid parameter "x": it has a list of 4294967295 items, expected at most 1048576',
    );
    const sparse = ["a"];
    sparse.length = 2 ** 20;
    assertEquals(builder("GET /a{/x*}", { x: sparse }).url, `${API}/a/a`);
  });
}
