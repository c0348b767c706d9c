/**
 * Values in the path can never leave their segment, walk up the path, or
 * change the origin (DECISIONS.md rule 9), whatever dots, encoded dots,
 * backslashes or slashes they hold; checked with WHATWG `new URL`, which
 * resolves dot-segments (also `%2e`) and reads `\` as `/` in http(s) URLs.
 */
import { type Endpoint, endpoint } from "@routecast/endpoint";
import { endpoint as lite } from "@routecast/endpoint/lite";
import fc from "fast-check";
import { assertProperty } from "./_fc.ts";
import { assert, assertEquals, assertThrows } from "@std/assert";

const ORIGIN = "https://api.github.com";
const piece = fc.constantFrom(
  ".",
  "..",
  "%2e",
  "%2E",
  ".%2e",
  "%2e.",
  "\\",
  "/",
  "//",
  "a",
  "?",
  "#",
  "%",
  "%2f",
  "%5c",
  "é",
);
const text = fc.array(piece, { minLength: 1, maxLength: 5 }).map((pieces) => pieces.join(""));

function attempt(
  builder: Endpoint,
  route: string,
  parameters: Record<string, unknown>,
): URL | TypeError {
  try {
    return new URL(builder(route, parameters).url);
  } catch (error) {
    assert(error instanceof TypeError, String(error));
    assert(
      !(error.message.startsWith("Invalid URL")),
      `new URL refused a result: ${error.message}`,
    );
    return error;
  }
}

for (const [name, builder] of [["main", endpoint], ["lite", lite]] as const) {
  Deno.test(`endpoint() keeps {x} and :x values inside their segment (${name})`, () => {
    assertProperty(
      fc.property(fc.constantFrom("GET /base/{x}/end", "GET /base/:x/end"), text, (route, x) => {
        const url = attempt(builder, route, { x });
        if (url instanceof TypeError) return;
        assertEquals(url.origin, ORIGIN);
        const segments = url.pathname.split("/");
        assertEquals([segments.length, segments[1], segments[3]], [4, "base", "end"], url.href);
      }),
      1000,
    );
  });

  Deno.test(`endpoint() keeps {/x*} values as segments below the template's (${name})`, () => {
    assertProperty(
      fc.property(fc.array(text, { minLength: 1, maxLength: 3 }), (x) => {
        const url = attempt(builder, "GET /base{/x*}/end", { x });
        if (url instanceof TypeError) return;
        assertEquals(url.origin, ORIGIN);
        const segments = url.pathname.split("/");
        assertEquals(segments.length, x.length + 3, url.href);
        assertEquals([segments[1], segments.at(-1)], ["base", "end"]);
      }),
      500,
    );
  });

  Deno.test(`endpoint() never lets {+x} walk above the template's path or change origin (${name})`, () => {
    assertProperty(
      fc.property(
        fc.constantFrom("GET /base/{+x}", "GET {+x}", "GET /base/{+x}/end"),
        text,
        (route, x) => {
          const url = attempt(builder, route, { x });
          if (url instanceof TypeError) return;
          assertEquals(url.origin, ORIGIN);
          if (route.includes("/base/")) assert(url.pathname.startsWith("/base/"), url.href);
        },
      ),
      1000,
    );
  });
}

Deno.test("endpoint() rejects each path form holding a dot-segment, naming the parameter", () => {
  for (const route of ["GET /a/{x}", "GET /a/:x", "GET /a{/x}", "GET /a/{+x}", "GET /a/{x}/b"]) {
    for (const x of [".", "..", "%2e", "%2E%2e", ".%2E"]) {
      if (!route.includes("+") && x.includes("%")) continue; // encoded again: harmless
      assertThrows(
        () => endpoint(route, { x }),
        TypeError,
        'Invalid value for parameter "x"',
        `${route} ${x}`,
      );
    }
  }
  assertEquals(endpoint("GET /a/{x}", { x: "%2e%2e" }).url, `${ORIGIN}/a/%252e%252e`);
  // A server that decodes %5C before routing would see a ".." segment.
  assertThrows(() => endpoint("GET /a/{+x}", { x: "\\..\\" }), TypeError, "once percent-decoded");
  assertEquals(new URL(endpoint("GET /a/{+x}", { x: "//evil.test" }).url).origin, ORIGIN);
});

Deno.test("endpoint() rejects CR, LF and NUL in a header value whichever way it arrives", () => {
  for (const bad of ["a\rb", "a\nb", "a\0b", "\r\n", "token x\r\nX-Injected: 1"]) {
    assertThrows(
      () => endpoint("GET /x", { headers: { "x-a": bad } }),
      TypeError,
      "contains CR, LF or NUL",
    );
    assertThrows(
      () => endpoint.defaults({ headers: { authorization: bad } }),
      TypeError,
      "contains CR, LF or NUL",
    );
    assertThrows(
      () => endpoint("GET /x", { headers: { Authorization: bad } }),
      TypeError,
      "contains CR, LF or NUL",
    );
    assertThrows(
      () => endpoint.parse({ method: "GET", url: "/x", headers: { authorization: bad } }),
      TypeError,
    );
    assertThrows(() => endpoint.merge("GET /x", { headers: { authorization: bad } }), TypeError);
  }
  for (const name of ["a b", "a:b", "a\nb", "", "é", "a\0"]) {
    assertThrows(
      () => endpoint("GET /x", { headers: { [name]: "v" } }),
      TypeError,
      "Invalid header name",
    );
    assertThrows(
      () => endpoint.defaults({ headers: { [name]: "v" } }),
      TypeError,
      "Invalid header name",
    );
  }
});
