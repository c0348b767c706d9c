/**
 * Values in the path can never leave their segment, walk up the path, or
 * change the origin (DECISIONS.md rule 9), whatever dots, encoded dots,
 * backslashes or slashes they hold; checked with WHATWG `new URL`, which
 * resolves dot-segments (also `%2e`) and reads `\` as `/` in http(s) URLs.
 */
import { createEndpoint, type Endpoint, endpoint } from "@routecast/endpoint";
import { endpoint as lite } from "@routecast/endpoint/lite";
import { endpoint as octokit } from "@routecast/endpoint/octokit";
import { fromOpenAPI } from "@routecast/endpoint/openapi";
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

/**
 * The path as a server that decodes `%2E`, `%2F`, `%5C` and `%3B` before
 * routing splits it: on `/`, `\` and `;`.
 */
function decodedSegments(pathname: string): string[] {
  return pathname.replace(/%(2e|2f|5c|3b)/gi, (triplet) => decodeURIComponent(triplet))
    .split(/[/\\;]/);
}

const BUILDERS: [string, Endpoint][] = [
  ["main", endpoint],
  ["lite", lite],
  ["octokit", octokit],
  ["createEndpoint", createEndpoint({ baseUrl: ORIGIN })],
];

for (const [name, builder] of BUILDERS) {
  Deno.test(`endpoint() keeps {x}, :x and {/x} values in their segment once decoded (${name})`, () => {
    assertProperty(
      fc.property(
        fc.constantFrom("GET /base/{x}/end", "GET /base/:x/end", "GET /base{/x}/end"),
        text,
        (route, x) => {
          const url = attempt(builder, route, { x });
          if (url instanceof TypeError) return;
          const segments = decodedSegments(url.pathname);
          assert(!segments.includes("..") && !segments.includes("."), url.href);
        },
      ),
      1000,
    );
  });

  Deno.test(`endpoint() refuses a value written as a dot-segment once decoded (${name})`, () => {
    const routes = [
      "GET /a/{x}",
      "GET /a/:x",
      "GET /a{/x}",
      "GET /a/{x}/b",
      "GET /a/{x}{?q}",
      "GET /a/{y}{x}",
    ];
    for (const route of routes) {
      for (const x of ["../", "..\\", "..;", "./", "a/..", "/..", ["../", "a"], "a\\.\\b"]) {
        assertThrows(
          () => builder(route, { x, y: "" }),
          TypeError,
          'Invalid value for parameter "x": ',
          `${route} ${JSON.stringify(x)}`,
        );
      }
      assertThrows(
        () => builder(route, { x: "../", y: "" }),
        TypeError,
        `"../" would form a ".." path segment once percent-decoded, expected a value that stays in its segment`,
      );
      // Dots beside other text, or more than two, are no dot-segment.
      for (const x of ["a..b", "...", ".github", "v1.2", "/b", "a/b.c", "..a/", "%2e%2e%2f"]) {
        const url = builder(route, { x, y: "" }).url;
        assert(url.startsWith(ORIGIN + "/a"), url);
      }
    }
    assertThrows(() => builder("GET /a/{x}.json", { x: "../" }), TypeError, "once percent-decoded");
    assertEquals(builder("GET /a/{x}.json", { x: "a/.." }).url, `${ORIGIN}/a/a%2F...json`);
    // Literal dots that a value cuts off with an encoded "/", "\\" or ";".
    const cut = [
      ["GET /a/.{x}", "/b"],
      ["GET /a;.{x}", "/b"],
      ["GET /a/{x}./b", "b\\"],
      ["GET /{x}..", ";"],
      ["GET /{x}..?a=1", ";"],
    ];
    for (const [route, x] of cut) {
      assertThrows(() => builder(route, { x }), TypeError, "once percent-decoded", route);
    }
    assertThrows(() => builder("GET /a/{.x}", { x: "/b" }), TypeError, '"." path segment');
    // The same bytes through {+x} are refused alike.
    for (const x of ["..%2F", ".%2F", ".%5Cb", "a%2F.%3Bb", "%2e%2Fb"]) {
      assertThrows(() => builder("GET /a/{+x}", { x }), TypeError, "once percent-decoded", x);
    }
    // Where the template's own text makes one, no value is blamed.
    assertEquals(builder("GET /a/..%2F{x}", { x: "v1.2" }).url, `${ORIGIN}/a/..%2Fv1.2`);
    assertEquals(builder("GET /v1.2/{x}.json", { x: "/b" }).url, `${ORIGIN}/v1.2/%2Fb.json`);
    assertEquals(builder("GET /a{x}/..%2Fb{?q}", { x: "../c" }).url, `${ORIGIN}/a..%2Fc/..%2Fb`);
    // Only a whole triplet is decoded: "%3g" is no "/".
    assertEquals(builder("GET /a/{+x}", { x: "..%3g" }).url, `${ORIGIN}/a/..%253g`);
  });

  Deno.test(`endpoint() refuses an empty or missing value beside a literal %2e segment (${name})`, () => {
    for (const route of ["GET /%2e{x:1}", "GET /%2E{x}", "GET /.{x}", "GET /{x}.", "GET /{x}%2e"]) {
      for (const x of ["", undefined, [], {}]) {
        assertThrows(() => builder(route, { x }), TypeError, undefined, `${route} ${String(x)}`);
      }
      assertThrows(() => builder(route, {}), TypeError, undefined, route);
      assertEquals(builder(route, { x: "ab" }).url.startsWith(ORIGIN + "/"), true);
    }
  });
}

Deno.test("./octokit refuses /%2e{x:1} with x: [] as . and ./lite do", () => {
  assertThrows(
    () => octokit("GET /%2e{x:1}", { x: [] }),
    TypeError,
    'Invalid value for parameter "x": "" would form a "." or ".." path segment',
  );
  assertThrows(() => octokit("GET /%2e{x:1}", { x: "" }), TypeError, '"" would form');
  // A missing value is no error on ./octokit (rule 23): here it is, as the segment is "%2e".
  const missing: Record<string, unknown> = { url: "/%2E{x}" };
  assertThrows(() => octokit(missing), TypeError, '"" would form');
  const half: Record<string, unknown> = { url: "/%2E{x}/{y}", x: "a" };
  assertEquals(octokit(half).url, "https://api.github.com/%2Ea/");
});

Deno.test("fromOpenAPI() refuses a path value that decodes to a dot-segment, in every style", () => {
  for (
    const [style, explode] of [["simple", false], ["label", false], ["matrix", false]] as const
  ) {
    const api = fromOpenAPI({
      openapi: "3.1.0",
      info: { title: "T", version: "1" },
      servers: [{ url: ORIGIN }],
      paths: {
        "/files/{name}/raw": {
          get: {
            parameters: [{ name: "name", in: "path", required: true, style, explode }],
            responses: {},
          },
        },
        "/dotted/.{name}": {
          get: { parameters: [{ name: "name", in: "path", required: true }], responses: {} },
        },
      },
    });
    const refused = style === "matrix" ? ["a/.."] : style === "label" ? ["./", "/b"] : ["../"];
    for (const name of refused) {
      assertThrows(
        () => api("GET /files/{name}/raw", { name }),
        TypeError,
        'Invalid value for parameter "name"',
        `${style} ${name}`,
      );
    }
    for (const name of ["v1.2", ".github", "a..b"]) api("GET /files/{name}/raw", { name });
    assertThrows(
      () => api("GET /dotted/.{name}", { name: "/x" }),
      TypeError,
      "once percent-decoded",
    );
  }
});

// The same rule at the places a template's text puts values: after literal text, a literal "?"
// or a {?q}, and in a literal origin, on the main and lite builders.
const API = ORIGIN;
const ENTRIES = [["main", endpoint], ["lite", lite]] as const;

for (const [entry, builder] of ENTRIES) {
  Deno.test(`endpoint() path safety is decided on the built url and blames the right variable (${entry})`, () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ["GET /a/b{?q}/{y}", { y: ".." }, "y"],
      ["GET /a/b/x{&q}{/y}", { y: ".." }, "y"],
      ["GET /a/b/{.x,y}/c", { x: "", y: "" }, "x"],
      ["GET /repos/{owner}/{repo}", { owner: "...", repo: ".." }, "repo"],
      ["GET /a{/x}", { x: ".." }, "x"],
      ["GET /a{/x,y}", { x: "b", y: "." }, "y"],
      ["GET /a/{+x}/b", { x: "c/./d" }, "x"],
    ];
    for (const [route, options, name] of cases) {
      assertThrows(
        () => builder(route, options),
        TypeError,
        `Invalid value for parameter "${name}"`,
        route,
      );
    }
    // Dot-segments the template's own text holds stay; values next to them are free.
    assertEquals(builder("GET /a/../{x}", { x: "b" }).url, `${API}/a/../b`);
    assertEquals(builder("GET /a/{x}", { x: "..." }).url, `${API}/a/...`);
    assertEquals(builder("GET /a{/x}", { x: ".a" }).url, `${API}/a/.a`);
    // The path ends where the built url's query starts.
    assertEquals(
      builder("GET /a/{+x}", { x: "b?c=../..", per_page: 2 }).url,
      `${API}/a/b?c=../..&per_page=2`,
    );
  });

  Deno.test(`endpoint() never lets a value change a literal origin (${entry})`, () => {
    for (const x of [".evil.com", ":8080", "@evil.com", "evil"]) {
      assertThrows(
        () => builder("GET https://api.example.com{x}", { x }),
        TypeError,
        'Invalid value for parameter "x"',
      );
      assertThrows(
        () => builder("GET https://api.example.com{+x}", { x }),
        TypeError,
        "would change the origin",
      );
    }
    assertEquals(
      builder("GET https://api.example.com{/x}", { x: "a" }).url,
      "https://api.example.com/a",
    );
    assertEquals(
      builder("GET https://api.example.com{?x}", { x: "a" }).url,
      "https://api.example.com?x=a",
    );
    assertEquals(
      builder("GET https://api.example.com{+x}", { x: "/p?q#f" }).url,
      "https://api.example.com/p?q#f",
    );
    assertEquals(builder("GET https://{host}/x", { host: "h.example" }).url, "https://h.example/x");
    assertEquals(
      builder("GET https://api.{region}.example.com/x", { region: "eu" }).url,
      "https://api.eu.example.com/x",
    );
  });

  Deno.test(`endpoint() refuses {+x} path values with a ".." segment once decoded (${entry})`, () => {
    for (
      const x of [
        "..;",
        "..;/admin",
        "%2e%2e%2f",
        "%2E%2E/x",
        "..%5C",
        "a/..%5cb",
        "x\\..\\y",
        ";..;",
      ]
    ) {
      assertThrows(
        () => builder("GET /files/{+x}", { x }),
        TypeError,
        'Invalid value for parameter "x"',
        x,
      );
    }
    assertThrows(
      () => builder("GET /files/{+x}", { x: "..;/admin" }),
      TypeError,
      `Invalid value for parameter "x": "..;/admin" has a ".." path segment once percent-decoded`,
    );
    // After an empty {?q}, a {+x} value is in the path all the same.
    assertThrows(
      () => builder("GET /a{?q}{+x}", { x: "/..;/b" }),
      TypeError,
      "once percent-decoded",
    );
    for (const x of ["a..b", "...;", "a;b/c", "%2e%2e%2e", "v1.2/..x"]) {
      builder("GET /files/{+x}", { x });
    }
    // In the query, "..;" is data.
    assertEquals(builder("GET /files{?x}", { x: "..;" }).url, `${API}/files?x=..%3B`);
  });

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
      // Mutant r19-before-query: the literal "?" did not end the last path segment.
      if (!x.includes("%")) {
        assertThrows(() => builder("GET /a/{x}?next=/", { x }), TypeError, '"x"');
      }
    }
  });

  // Mutant r9-shape-moving-segments: a {+x} after literal text in its segment went unscanned.
  Deno.test(`endpoint() scans a {+x} value that starts new segments after literal text (${entry})`, () => {
    for (const x of ["/./b", "/../b", "/%2e/b"]) {
      assertThrows(
        () => builder("GET /a{+x}", { x }),
        TypeError,
        'Invalid value for parameter "x"',
        x,
      );
    }
    assertEquals(builder("GET /a{+x}", { x: "/b/c" }).url, `${API}/a/b/c`);
  });

  // Mutant r9-shape-unproven: after a {?q}, a {x} alone in its segment was taken as in the path.
  Deno.test(`endpoint() leaves "." and ".." after a {?q} with a value alone: they are query text (${entry})`, () => {
    assertEquals(builder("GET /a/b{?q}/{y}", { q: "1", y: ".." }).url, `${API}/a/b?q=1/..`);
    assertThrows(() => builder("GET /a/b{?q}/{y}", { y: ".." }), TypeError, '"y"');
  });
}

Deno.test("./octokit keeps a literal origin and refuses a decoded '..' in {+x}", () => {
  assertThrows(
    () => octokit("GET https://api.example.com{x}", { x: ".evil.com" }),
    TypeError,
    "would change the origin",
  );
  for (const x of ["..;/admin", "%2e%2e%2f", "..%5C"]) {
    assertThrows(() => octokit("GET /files/{+x}", { x }), TypeError, "once percent-decoded");
  }
});

Deno.test("a literal ? closes the path segment before it: a {x} alone there is checked as a whole segment", () => {
  // The shape proves `{x}` alone in its segment (pathShape), so "." and ".." are refused
  // without a scan, with the plain message; the decoded scan is only the backstop.
  for (const builder of [endpoint, lite, octokit]) {
    for (const x of [".", ".."]) {
      const error = assertThrows(() => builder("GET /a/{x}?next=/", { x }), TypeError);
      assertEquals(
        error.message,
        `Invalid value for parameter "x": "${x}" would form a "." or ".." path segment, expected a value that stays in its segment`,
      );
    }
    assertEquals(
      builder("GET /a/{x}?next=/", { x: ".a" }).url,
      "https://api.github.com/a/.a?next=/",
    );
  }
});

Deno.test("a {+x} value that writes a dot-segment of its own is found by the plain scan", () => {
  // `{+x}` writes `/` from its value: its segments move, so its path is always scanned
  // (pathShape), and the plain message names it; the decoded scan is only the backstop.
  for (const builder of [endpoint, lite, octokit]) {
    // After literal text in its segment ("v"), only the operator says that segments move.
    for (const path of ["/./b", "/.", "/../b"]) {
      const error = assertThrows(() => builder("GET /files/v{+path}", { path }), TypeError);
      assertEquals(
        error.message,
        `Invalid value for parameter "path": "${path}" would form a "." or ".." path segment, expected a value that stays in its segment`,
      );
    }
  }
});
