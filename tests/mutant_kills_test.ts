/**
 * Behaviour that a mutant of scripts/mutants.json changed without any other
 * test noticing (`deno task mutate`): each test names its mutant. Public
 * entries only, so the tests hold whatever the code looks like.
 */
import { endpoint } from "@routecast/endpoint";
import { endpoint as lite } from "@routecast/endpoint/lite";
import { assertEquals } from "@std/assert";

const API = "https://api.github.com";
const BUILDERS = [["main", endpoint], ["lite", lite]] as const;

for (const [entry, builder] of BUILDERS) {
  // Mutant r9-after-param: the dot-segment scan went on past a literal "?".
  Deno.test(`endpoint() leaves "." and ".." after a literal ? alone: they are query text (${entry})`, () => {
    for (const x of [".", "..", "%2e%2E"]) {
      assertEquals(
        builder("GET /search?{x}", { x }).url,
        `${API}/search?${x.replaceAll("%", "%25")}`,
      );
      assertEquals(
        builder("GET /search?q={x}", { x }).url,
        `${API}/search?q=${x.replaceAll("%", "%25")}`,
      );
    }
  });

  // Mutant origin-open-host: a literal origin followed by "?" was read as a host left open.
  Deno.test(`endpoint() lets a value follow a full url's literal ? or # (${entry})`, () => {
    assertEquals(
      builder("GET https://api.example.com?{x}", { x: "evil.com" }).url,
      "https://api.example.com?evil.com",
    );
    assertEquals(
      builder("GET https://api.example.com#{x}", { x: "evil.com" }).url,
      "https://api.example.com#evil.com",
    );
  });
}
