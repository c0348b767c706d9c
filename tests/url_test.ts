/**
 * The url of a request (src/endpoint/_url.ts, docs/design.md rules 18, 19 and 22): `-` in route
 * variable names, required path variables, every value read once, and literal `?` or `#` after
 * a full url; on both builders, through a call, `defaults()` and `parse(merge())`.
 */
import { createEndpoint, endpoint } from "@routecast/endpoint";
import { createEndpoint as liteCreateEndpoint, endpoint as lite } from "@routecast/endpoint/lite";
import { assertEquals, assertThrows } from "@std/assert";
import { endpoint as octokit } from "@routecast/endpoint/octokit";
import { fromOpenAPI } from "@routecast/endpoint/openapi";
import { LOOSE_BUILDERS } from "./_loose.ts";

const API = "https://api.github.com";
const BUILDERS = [["main", endpoint, createEndpoint], ["lite", lite, liteCreateEndpoint]] as const;

for (const [entry, builder, createEndpoint] of BUILDERS) {
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

  // An option never fills a url variable: such a variable was left empty ("/hooks/"), a url
  // other than the one written, with no error.
  Deno.test(`endpoint() rule 19: a path variable named like an option is missing, since no option fills it (${entry})`, () => {
    const neutral = createEndpoint({ baseUrl: API });
    for (const option of ["method", "url", "baseUrl", "headers", "mediaType", "data", "request"]) {
      for (const url of [`/hooks/{${option}}`, `/hooks/:${option}`, `/files/{+${option}}/x`]) {
        const message = `Missing parameter "${option}" for "POST ${url}": expected a value for ` +
          "every {name} in the path";
        for (
          const call of [
            () => builder(`POST ${url}`, {}),
            () => builder(`POST ${url}`, { [option]: undefined }),
            () => builder.defaults({ url })({ method: "POST" }),
            () => builder.parse(builder.merge(`POST ${url}`)),
            () => neutral(`POST ${url}`),
          ]
        ) {
          assertThrows(call, TypeError, message);
        }
      }
    }
    // A value for it changes nothing: `data` is the body, `baseUrl` the base.
    assertThrows(
      () => builder("POST /hooks/{data}", { data: "d" }),
      TypeError,
      'Missing parameter "data" for "POST /hooks/{data}"',
    );
    assertThrows(
      () => builder("POST /x/{baseUrl}", { baseUrl: "https://h" }),
      TypeError,
      'Missing parameter "baseUrl" for "POST /x/{baseUrl}"',
    );
    // Outside the path it stays optional.
    assertEquals(builder("GET /x{?url}").url, `${API}/x`);
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
    // Mutant r19-before-query-host: there, a variable is not a path variable either (rule 19);
    // the route types take every {x} of a full url as required, so the call is typed loosely.
    const call = builder as unknown as (route: string) => { url: string };
    assertEquals(call("GET https://api.example.com?{x}").url, "https://api.example.com?");
  });
}

Deno.test("fromOpenAPI() fills a declared path parameter named like an option, and reports it missing as any other", () => {
  const api = fromOpenAPI({
    openapi: "3.0.0",
    servers: [{ url: API }],
    paths: {
      "/proxy/{url}": { get: { parameters: [{ name: "url", in: "path", required: true }] } },
    },
  });
  assertEquals(api("GET /proxy/{url}", { url: "x" }).url, `${API}/proxy/x`);
  assertThrows(
    () => api("GET /proxy/{url}", {} as { url: string }),
    TypeError,
    'Missing parameter "url" for "GET /proxy/{url}": expected a value for every {name} in the path',
  );
});

Deno.test("./octokit expands a path variable named like an option to nothing, as @octokit/endpoint does (rule 23)", () => {
  assertEquals(octokit("POST /hooks/{url}").url, `${API}/hooks/`);
  assertEquals(octokit("POST /hooks/{data}", { data: "d" }).body, "d");
});

for (const [entry, builder] of LOOSE_BUILDERS) {
  Deno.test(`endpoint() returns only urls that WHATWG URL parses (${entry})`, () => {
    for (const baseUrl of ["https://\u2028", "https:// x", "http://[::1"]) {
      assertThrows(() => builder("GET /x", { baseUrl }), TypeError, "Invalid baseUrl");
      assertThrows(() => builder.defaults({ baseUrl })("GET /x"), TypeError, "Invalid baseUrl");
    }
    for (const x of ["%", "a b", "\u2028", "[x"]) {
      assertThrows(
        () => builder("GET https://{x}/y", { x }),
        TypeError,
        'for "https://{x}/y": expected the template and its values to make an absolute URL',
      );
    }
    assertEquals(
      builder("GET https://{+x}/y", { x: "h.example:8080" }).url,
      "https://h.example:8080/y",
    );
  });
}
