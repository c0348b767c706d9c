/**
 * DECISIONS.md rules 18-22, on every entry that builds requests: `-` in
 * route variable names, required path variables, `baseUrl` without query or
 * fragment, `merge()` with no arguments, and every value read once.
 */
import { endpoint } from "@routecast/endpoint";
import { endpoint as lite } from "@routecast/endpoint/lite";
import { parseTemplate, UriTemplateError } from "@routecast/endpoint/uri-template";
import { assertEquals, assertThrows } from "@std/assert";

const API = "https://api.github.com";
const BUILDERS = [["main", endpoint], ["lite", lite]] as const;

for (const [entry, builder] of BUILDERS) {
  Deno.test(`endpoint() rule 18: a "-" in a route variable name is that parameter's name (${entry})`, () => {
    const route = "GET /enterprises/{enterprise}/teams/{enterprise-team}/memberships";
    const options = { enterprise: "e", "enterprise-team": "t-1" };
    assertEquals(builder(route, options).url, `${API}/enterprises/e/teams/t-1/memberships`);
    assertEquals(
      builder({
        method: "GET",
        url: "/teams/{enterprise-team}{?per-page}",
        "enterprise-team": "t",
        "per-page": 2,
      }).url,
      `${API}/teams/t?per-page=2`,
    );
    const withDefaults = builder.defaults({ url: "/x/{a-b}/{a_b}", "a-b": "dash" });
    assertEquals(withDefaults({ a_b: "underscore" }).url, `${API}/x/dash/underscore`);
    assertEquals(
      builder.parse(builder.merge(route, options)).url,
      `${API}/enterprises/e/teams/t-1/memberships`,
    );
  });

  Deno.test(`endpoint() rule 19: a {x}, {+x} or :x path variable needs a value (${entry})`, () => {
    for (
      const [route, options, name] of [
        ["GET /repos/{owner}/{repo}", { owner: "o" }, "repo"],
        ["GET /repos/{owner}/{repo}/issues", {}, "owner"],
        ["GET /repos/:owner/:repo", { owner: "o", repo: null }, "repo"],
        ["GET /files/{+path}", { path: [] }, "path"],
        ["GET /a/{m}", { m: {} }, "m"],
        ["GET https://{host}/x", {}, "host"],
      ] as const
    ) {
      assertThrows(
        () => builder(route as string, options),
        TypeError,
        `Missing parameter "${name}" for "${route}": expected a value for every {name} in the path`,
      );
    }
    // An empty string is a value; the other operators stay optional.
    assertEquals(builder("GET /a/{x}", { x: "" }).url, `${API}/a/`);
    assertEquals(
      builder("GET /a{/b}{.c}{;d}{?e}{&f}{#g}/{h}", { h: 1 }).url,
      `${API}/a/1`,
    );
    // Variables after the path are optional, whatever their operator.
    assertEquals(builder("GET /a?x={x}" as string).url, `${API}/a?x=`);
    assertEquals(builder("GET /a{?q}&r={r}" as string).url, `${API}/a&r=`);
    assertThrows(
      () => builder.defaults({ url: "/users/{username}" })(),
      TypeError,
      'Missing parameter "username" for "GET /users/{username}"',
    );
    assertThrows(
      () => builder.parse(builder.merge("GET /repos/{owner}/{repo}", { owner: "o" })),
      TypeError,
      'Missing parameter "repo"',
    );
  });

  Deno.test(`endpoint() rule 20: baseUrl has no query and no fragment (${entry})`, () => {
    for (const baseUrl of ["https://h/api?k=1", "https://h/api#x", "https://h?", "https://h/#"]) {
      assertThrows(
        () => builder("GET /x", { baseUrl }),
        TypeError,
        `Invalid baseUrl "${baseUrl}": it has a query or fragment`,
      );
      const withBase = builder.defaults({ baseUrl });
      assertThrows(() => withBase("GET /x"), TypeError, "it has a query or fragment");
      // A full url does not use it.
      assertEquals(
        withBase("GET https://uploads.example.com/x").url,
        "https://uploads.example.com/x",
      );
    }
    assertEquals(builder("GET /x", { baseUrl: "https://h/api///" }).url, "https://h/api/x");
    assertThrows(
      () => builder("GET /x", { baseUrl: "h/api" }),
      TypeError,
      "expected an absolute URL",
    );
  });

  Deno.test(`endpoint() rule 21: merge() and a builder with a default url need no arguments (${entry})`, () => {
    const merged = builder.merge();
    assertEquals(merged, builder.merge({}));
    assertEquals(merged.method, "GET");
    assertEquals(merged.baseUrl, API);
    assertEquals(builder.defaults({ url: "/user" })().url, `${API}/user`);
    assertEquals(builder.defaults({ url: "/user" }).merge().url, "/user");
    assertThrows(() => builder(), TypeError, "Missing url");
  });

  Deno.test(`endpoint() rule 22: every value is read once per call (${entry})`, () => {
    let reads = 0;
    const flipping = {
      owner: "o",
      get repo() {
        return reads++ === 0 ? "r" : "..";
      },
    };
    assertEquals(builder("GET /repos/{owner}/{repo}", flipping).url, `${API}/repos/o/r`);
    assertEquals(reads, 1);

    let isoCalls = 0;
    class SneakyDate extends Date {
      override toISOString(): string {
        return isoCalls++ === 0 ? ".." : "2020";
      }
    }
    assertThrows(
      () => builder("GET /a/{d}/b", { d: new SneakyDate(0) }),
      TypeError,
      'Invalid value for parameter "d": ".." would form a "." or ".." path segment',
    );
    assertEquals(isoCalls, 1);

    let traps = 0;
    const list = new Proxy(["a", "b"], {
      get(target, key, receiver) {
        if (key === "0") traps++;
        return Reflect.get(target, key, receiver);
      },
    });
    assertEquals(builder("GET /x{/list*}", { list }).url, `${API}/x/a/b`);
    assertEquals(traps, 1);
    traps = 0;
    assertEquals(builder("GET /x", { list }).url, `${API}/x?list=a,b`);
    assertEquals(traps, 1);
  });

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
}

Deno.test("./uri-template stays RFC-strict: no '-' in variable names (rule 18)", () => {
  assertThrows(() => parseTemplate("{default-graph-uri}"), UriTemplateError);
});
