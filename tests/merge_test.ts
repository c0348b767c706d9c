/**
 * merge() (src/endpoint/_merge.ts, docs/design.md rule 21): a builder's merged options, with no
 * arguments too.
 */
import { endpoint } from "@routecast/endpoint";
import { endpoint as lite } from "@routecast/endpoint/lite";
import { assertEquals, assertThrows } from "@std/assert";

const API = "https://api.github.com";
const BUILDERS = [["main", endpoint], ["lite", lite]] as const;

for (const [entry, builder] of BUILDERS) {
  Deno.test(`endpoint() rule 21: merge() and a builder with a default url need no arguments (${entry})`, () => {
    const merged = builder.merge();
    assertEquals(merged, builder.merge({}));
    assertEquals(merged.method, "GET");
    assertEquals(merged.baseUrl, API);
    assertEquals(builder.defaults({ url: "/user" })().url, `${API}/user`);
    assertEquals(builder.defaults({ url: "/user" }).merge().url, "/user");
    assertThrows(() => builder(), TypeError, "Missing url");
  });
}
