/**
 * DECISIONS.md rule 24: `createEndpoint(defaults?, config?)`, the neutral
 * builder, from `.` and `./lite`: no GitHub defaults, a missing baseUrl
 * refused, previews refused, no `q` rule, OpenAPI's query forms by config,
 * and everything else as `endpoint` does.
 */
import { createEndpoint, endpoint, typed } from "@routecast/endpoint";
import { createEndpoint as liteCreate } from "@routecast/endpoint/lite";
import fc from "fast-check";
import { assertEquals, assertStrictEquals, assertThrows } from "@std/assert";
import { assertProperty } from "./_fc.ts";

const BASE = "https://api.example.com";
const ENTRIES = [["main", createEndpoint], ["lite", liteCreate]] as const;

for (const [entry, create] of ENTRIES) {
  Deno.test(`createEndpoint() has no defaults but the method and those given (${entry})`, () => {
    const api = create();
    assertEquals(api.DEFAULTS, { method: "GET", headers: {}, mediaType: { format: "" } });
    const stripe = create({ baseUrl: BASE, headers: { Authorization: "Bearer sk_test" } });
    assertEquals(stripe("GET /v1/charges"), {
      method: "get",
      url: `${BASE}/v1/charges`,
      headers: { authorization: "Bearer sk_test" },
    });
    // A body still gets its content type; PUT without one still gets "" (rule 7).
    assertEquals(stripe("POST /v1/customers", { email: "a@b.c" }).headers, {
      authorization: "Bearer sk_test",
      "content-type": "application/json; charset=utf-8",
    });
    assertEquals(stripe("PUT /v1/x").body, "");
    assertEquals(stripe.merge("GET /v1/charges", { limit: 1 }), {
      method: "GET",
      baseUrl: BASE,
      headers: { authorization: "Bearer sk_test" },
      mediaType: { format: "" },
      url: "/v1/charges",
      limit: 1,
    });
  });

  Deno.test(`createEndpoint() refuses a path url without a baseUrl, sending nothing anywhere (${entry})`, () => {
    const api = create({ headers: { authorization: "Bearer sk_test_0000" } });
    for (
      const call of [
        () => api("GET /v1/charges"),
        () => api({ method: "POST", url: "/v1/charges", amount: 1 }),
        () => api.defaults({ url: "/x" })(),
        () => api.parse(api.merge("GET /v1/charges")),
      ]
    ) {
      assertThrows(call, TypeError, 'Missing baseUrl for "');
    }
    assertThrows(
      () => api("GET /v1/charges"),
      TypeError,
      'Missing baseUrl for "GET /v1/charges": expected a baseUrl option or default',
    );
    // A full url needs none; a per-call baseUrl or a default one is enough.
    assertEquals(
      api("GET https://api.stripe.com/v1/charges").url,
      "https://api.stripe.com/v1/charges",
    );
    assertEquals(api("GET /a", { baseUrl: BASE }).url, `${BASE}/a`);
    assertEquals(api.defaults({ baseUrl: BASE })("GET /a").url, `${BASE}/a`);
  });

  Deno.test(`createEndpoint() has no q rule and no previews (${entry})`, () => {
    const api = create({ baseUrl: BASE });
    assertEquals(
      api("GET /search", { q: "title:a+b c" }).url,
      `${BASE}/search?q=title%3Aa%2Bb%20c`,
    );
    assertEquals(endpoint("GET /search", { q: "a+b" }).url, "https://api.github.com/search?q=a+b");
    for (
      const call of [
        () => api("GET /x", { mediaType: { previews: ["squirrel-girl"] } }),
        () => api("GET /x", { mediaType: { previews: [] } }),
        () => api.defaults({ mediaType: { previews: ["a"] } }),
        () => api.merge("GET /x", { mediaType: { previews: ["a"] } }),
      ]
    ) {
      assertThrows(
        call,
        TypeError,
        "Invalid mediaType.previews an array: expected none, previews are GitHub's",
      );
    }
    // format still amends application/vnd.* media types as rule 11 does.
    const vnd = api("GET /x", {
      headers: { accept: "application/vnd.example+json, text/plain" },
      mediaType: { format: "raw" },
    });
    assertEquals(vnd.headers.accept, "application/vnd.example.raw, text/plain");
    assertEquals(api("GET /x", { mediaType: { format: "raw" } }).headers, {});
  });

  Deno.test(`createEndpoint() writes lists and objects in OpenAPI's default form (${entry})`, () => {
    const api = create({ baseUrl: BASE });
    const cases: [Record<string, unknown>, string][] = [
      [{ id: [1, 2] }, "id=1&id=2"],
      [{ id: ["a b", "c+d"] }, "id=a%20b&id=c%2Bd"],
      [{ created: { gte: 1, lt: 2 } }, "created%5Bgte%5D=1&created%5Blt%5D=2"],
      [{ id: [], x: null, y: undefined, z: {} }, ""],
      [{ s: "", n: 0, b: false }, "s=&n=0&b=false"],
      [{ "a b": "c/d" }, "a%20b=c%2Fd"],
      [{ at: new Date(0) }, "at=1970-01-01T00%3A00%3A00.000Z"],
      [{ m: new Map([["k", "v"]]) }, "m%5Bk%5D=v"],
    ];
    for (const [parameters, query] of cases) {
      assertEquals(api("GET /x", parameters).url, `${BASE}/x${query === "" ? "" : "?" + query}`);
    }
    // Nested lists and objects have no deepObject form.
    assertThrows(
      () => api("GET /x", { created: { gte: [1] } }),
      TypeError,
      'Cannot expand variable "created": expected a string, number, boolean, bigint, Date, null or undefined for key "gte", found a list',
    );
    assertThrows(() => api("GET /x", { id: [[1]] }), TypeError, 'Cannot expand variable "id"');
  });

  Deno.test(`createEndpoint() config picks the forms for the whole builder (${entry})`, () => {
    const value = { id: ["a", "b"], f: { s: "x", t: "y" } };
    const cases: [Record<string, string>, string][] = [
      [{}, "id=a&id=b&f%5Bs%5D=x&f%5Bt%5D=y"],
      [{ lists: "repeat", objects: "deepObject" }, "id=a&id=b&f%5Bs%5D=x&f%5Bt%5D=y"],
      [{ lists: "comma" }, "id=a,b&f%5Bs%5D=x&f%5Bt%5D=y"],
      [{ lists: "pipe" }, "id=a|b&f%5Bs%5D=x&f%5Bt%5D=y"],
      [{ lists: "space" }, "id=a%20b&f%5Bs%5D=x&f%5Bt%5D=y"],
      [{ objects: "explode" }, "id=a&id=b&s=x&t=y"],
      [{ objects: "comma" }, "id=a&id=b&f=s,x,t,y"],
    ];
    for (const [config, query] of cases) {
      const api = create({ baseUrl: BASE }, config);
      assertEquals(api("GET /x", value).url, `${BASE}/x?${query}`, JSON.stringify(config));
      // Builders made with defaults() keep it; defaults' parameters use it too.
      const child = api.defaults({ id: ["a", "b"] });
      assertEquals(child("GET /x", { f: value.f }).url, `${BASE}/x?${query}`);
    }
    // A template's own {?x} stays RFC 6570; only remaining parameters take the forms.
    assertEquals(
      create({ baseUrl: BASE })("GET /x{?id}", { id: [1, 2], other: [3, 4] }).url,
      `${BASE}/x?id=1,2&other=3&other=4`,
    );
  });

  Deno.test(`createEndpoint() takes config from its argument only, never from a request option (${entry})`, () => {
    const api = create({ baseUrl: BASE, lists: "x" } as never, { lists: "comma" });
    assertEquals(
      api("GET /a", { id: [1, 2], config: { lists: "pipe" }, query: "q" }).url,
      `${BASE}/a?lists=x&id=1,2&config%5Blists%5D=pipe&query=q`,
    );
    assertEquals(api("POST /a", { config: 1, lists: 2 }).body, { lists: 2, config: 1 });
  });

  Deno.test(`createEndpoint() refuses a config that is not { lists?, objects? } with their forms (${entry})`, () => {
    const cases: [unknown, string][] = [
      [5, 'Invalid config number: expected an object such as { lists: "comma" }'],
      [[], 'Invalid config an array: expected an object such as { lists: "comma" }'],
      [
        { lists: "csv" },
        'Invalid config.lists "csv": expected "repeat", "comma", "pipe" or "space"',
      ],
      [
        { objects: "form" },
        'Invalid config.objects "form": expected "deepObject", "explode" or "comma"',
      ],
      [{ lists: 1 }, "Invalid config.lists number: expected"],
      [{ query: "x" }, 'Invalid config key "query": expected "lists" or "objects"'],
    ];
    for (const [config, message] of cases) {
      assertThrows(() => create({ baseUrl: BASE }, config as never), TypeError, message);
    }
    assertThrows(
      () => create(5 as never),
      TypeError,
      "Invalid defaults number: expected a plain object of options and parameters",
    );
  });
}

Deno.test("createEndpoint() and endpoint are one implementation: the same results where GitHub's settings do not apply", () => {
  const api = createEndpoint({
    baseUrl: "https://api.github.com",
    headers: {
      accept: "application/vnd.github.v3+json",
      "user-agent": endpoint.DEFAULTS.headers["user-agent"],
    },
  }, { lists: "comma", objects: "comma" });
  const routes: [string, Record<string, unknown>][] = [
    ["GET /repos/{owner}/{repo}/issues", {
      owner: "o",
      repo: "r",
      labels: ["a", "b"],
      state: "open",
    }],
    ["POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t", labels: ["x"] }],
    ["PUT /user/starred/{owner}/{repo}", { owner: "o", repo: "r" }],
    ["GET /repos/{owner}/{repo}/contents/{+path}", { owner: "o", repo: "r", path: "a/b c.md" }],
    ["PATCH /repos/{owner}/{repo}", { owner: "o", repo: "r", mediaType: { format: "raw" } }],
  ];
  for (const [route, options] of routes) {
    assertEquals(api(route, options), endpoint(route, options), route);
  }
});

Deno.test("createEndpoint() builders are typed with typed() as endpoint is", () => {
  interface paths {
    "/items/{id}": {
      get: {
        parameters: { path: { id: number }; query?: { expand?: string[] } };
        responses: { 200: { content: { "application/json": { id: number } } } };
      };
    };
  }
  const api = typed<paths>(createEndpoint({ baseUrl: BASE }));
  assertEquals(
    api("GET /items/{id}", { id: 1, expand: ["a", "b"] }).url,
    `${BASE}/items/1?expand=a&expand=b`,
  );
  // @ts-expect-error: id is required by the description
  assertThrows(() => api("GET /items/{id}", {}), TypeError, 'Missing parameter "id"');
  const plain = createEndpoint();
  assertStrictEquals(typed<paths>(plain), plain);
});

Deno.test("createEndpoint(): endpoint(x) is parse(merge(x)) for generated calls", () => {
  const name = fc.constantFrom("id", "q", "filter", "page", "a b");
  const scalar = fc.oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.boolean());
  const value = fc.oneof(
    scalar,
    fc.array(scalar, { maxLength: 3 }),
    fc.dictionary(fc.constantFrom("x", "y"), scalar, { maxKeys: 2 }),
  );
  const config = fc.record({
    lists: fc.constantFrom("repeat", "comma", "pipe", "space"),
    objects: fc.constantFrom("deepObject", "explode", "comma"),
  });
  assertProperty(
    fc.property(
      config,
      fc.constantFrom("GET", "POST", "DELETE"),
      fc.dictionary(name, value, { maxKeys: 4 }),
      (forms, method, parameters) => {
        const api = createEndpoint({ baseUrl: BASE }, forms);
        const route = `${method} /things`;
        const outcome = (call: () => unknown) => {
          try {
            return call();
          } catch (error) {
            return `${(error as Error).name}: ${(error as Error).message}`;
          }
        };
        assertEquals(
          outcome(() => api(route, parameters)),
          outcome(() => api.parse(api.merge(route, parameters))),
        );
      },
    ),
    300,
  );
});
