/**
 * Rule 26's strict routes: a `fromOpenAPI` or `fromOpenAPITable` builder
 * refuses a route that is not an operation of the description, naming the
 * nearest operations, and a key that the operation's body cannot take,
 * naming its parameters; `strict: false` builds both as `createEndpoint`
 * does. Every error is a bounded `TypeError` that quotes what is wrong.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { createEndpoint } from "@routecast/endpoint";
import {
  compileOpenAPI,
  fromOpenAPI,
  fromOpenAPITable,
  type OpenAPIOptions,
} from "@routecast/endpoint/openapi";

type Json = Record<string, unknown>;
const BASE = "https://api.example.com";

/** A Stripe-like slice: form bodies, a GET with an empty form body, a closed JSON body. */
function stripeLike(): Json {
  const form = (properties: Json) => ({
    content: {
      "application/x-www-form-urlencoded": { schema: { type: "object", properties } },
    },
  });
  return {
    openapi: "3.0.0",
    info: { title: "Stripe-like", version: "1" },
    servers: [{ url: BASE }],
    paths: {
      "/v1/customers": {
        get: {
          parameters: [{ name: "limit", in: "query" }, { name: "expand", in: "query" }],
          requestBody: form({}),
        },
        post: { requestBody: form({ email: {}, url: {} }) },
      },
      "/v1/customers/{customer}": {
        parameters: [{ name: "customer", in: "path", required: true }],
        get: {},
        delete: {},
      },
      "/v1/charges": { get: {} },
      "/v1/closed": {
        put: {
          parameters: [{ name: "dryRun", in: "query" }],
          requestBody: {
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  additionalProperties: false,
                  properties: { name: {}, data: {} },
                },
              },
            },
          },
        },
        patch: {
          requestBody: {
            content: {
              "application/json": {
                schema: { $ref: "#/components/schemas/Open" },
              },
            },
          },
        },
      },
      "/v1/ping": {
        post: {},
        // A HEAD that declares a body: still none goes out, so no other keys.
        head: { requestBody: { content: { "application/json": {} } } },
      },
      // A GET whose declared body is closed: its properties are no parameters of a GET.
      "/v1/search": {
        get: {
          requestBody: {
            content: {
              "application/json": {
                schema: { type: "object", additionalProperties: false, properties: { name: {} } },
              },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Open: {
          type: "object",
          additionalProperties: false,
          patternProperties: { "^x-": {} },
          properties: { name: {} },
        },
      },
    },
  };
}

/** The builders of a description: from it, its table, and the table's JSON. */
function builders(description: Json, options?: OpenAPIOptions) {
  const table = compileOpenAPI(description);
  return [
    fromOpenAPI(description, options),
    fromOpenAPI(table, options),
    fromOpenAPITable(JSON.parse(JSON.stringify(table)), options),
  ] as unknown as ((route: unknown, options?: unknown) => { url: string; body?: unknown })[];
}

/** The message of what `run` throws: a TypeError under 1 KB, on one line. */
function refused(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    assert(error instanceof TypeError, `expected a TypeError, got ${error}`);
    assert(error.message.length < 1024, `${error.message.length} characters`);
    assert(!/[\r\n]/.test(error.message), error.message);
    return error.message;
  }
  throw new Error("expected a TypeError, nothing was thrown");
}

Deno.test("fromOpenAPI() refuses a route that is not an operation, naming the nearest ones", () => {
  const cases: [string, string][] = [
    [
      "POST /v1/customer",
      'Unknown operation "POST /v1/customer": did you mean "GET /v1/customers", "POST /v1/customers" or "PUT /v1/closed"?',
    ],
    [
      "POST /v1/customers/",
      'Unknown operation "POST /v1/customers/": did you mean "GET /v1/customers", "POST /v1/customers" or "GET /v1/charges"?',
    ],
    [
      "POST /v1/customers/:customer",
      'Unknown operation "POST /v1/customers/:customer": did you mean "GET /v1/customers/{customer}", "DELETE /v1/customers/{customer}" or "GET /v1/customers"?',
    ],
    // No such method on the path: its operations are the nearest, in the description's order.
    [
      "PUT /v1/customers",
      'Unknown operation "PUT /v1/customers": did you mean "GET /v1/customers", "POST /v1/customers" or "GET /v1/charges"?',
    ],
    [
      "get /v1/ping",
      'Unknown operation "get /v1/ping": did you mean "POST /v1/ping", "HEAD /v1/ping" or "GET /v1/charges"?',
    ],
    // A full url, a query, a template expression: not the description's path.
    [
      `GET ${BASE}/v1/charges`,
      `Unknown operation "GET ${BASE}/v1/charges": did you mean`,
    ],
    [
      "GET /v1/charges?limit=3",
      'Unknown operation "GET /v1/charges?limit=3": did you mean "GET /v1/charges"',
    ],
    [
      "GET /v1/charges{?limit}",
      'Unknown operation "GET /v1/charges{?limit}": did you mean "GET /v1/charges"',
    ],
    // Option-like and prototype paths are routes like any other.
    ["GET url", 'Unknown operation "GET url": did you mean'],
    ["POST headers", 'Unknown operation "POST headers": did you mean'],
    ["GET /__proto__", 'Unknown operation "GET /__proto__": did you mean'],
    ["GET __proto__", 'Unknown operation "GET __proto__": did you mean'],
    ["GET /constructor", 'Unknown operation "GET /constructor": did you mean'],
  ];
  for (const api of builders(stripeLike())) {
    for (const [route, message] of cases) {
      assertStringIncludes(refused(() => api(route)), message);
      // Again: an error is not kept as a plan.
      assertStringIncludes(refused(() => api(route, { a: 1 })), message);
    }
    // The options forms and parse() name the route the same way.
    assertStringIncludes(
      refused(() => api({ method: "POST", url: "/v1/customer" })),
      'Unknown operation "POST /v1/customer": did you mean',
    );
    assertStringIncludes(
      refused(() => api({ url: "/v1/customer" })),
      'Unknown operation "GET /v1/customer": did you mean',
    );
    const merged = (api as unknown as { merge: (r: string) => unknown }).merge("POST /v1/customer");
    assertStringIncludes(
      refused(() => (api as unknown as { parse: (o: unknown) => unknown }).parse(merged)),
      'Unknown operation "POST /v1/customer"',
    );
  }
  // Fewer than three operations: all of them; none: said so.
  const one = { ...stripeLike(), paths: { "/a": { get: {} } } };
  assertEquals(
    refused(() => fromOpenAPI(one)("GET /b")),
    'Unknown operation "GET /b": did you mean "GET /a"?',
  );
  const none = { ...stripeLike(), paths: {} };
  assertEquals(
    refused(() => fromOpenAPI(none)("GET /b")),
    'Unknown operation "GET /b": the description has no operations',
  );
  // Ties keep the description's order, not the alphabet's.
  const ties = {
    ...stripeLike(),
    paths: { "/c": { get: {} }, "/a": { get: {} }, "/b": { get: {} }, "/d": { get: {} } },
  };
  assertEquals(
    refused(() => fromOpenAPI(ties)("GET /e")),
    'Unknown operation "GET /e": did you mean "GET /c", "GET /a" or "GET /b"?',
  );
  // A nearer operation later in the description still wins over earlier ones.
  const later = {
    ...stripeLike(),
    paths: {
      "/zzzzzz": { get: {} },
      "/yyyyy": { get: {} },
      "/xxxx": { get: {} },
      "/items": { get: {} },
    },
  };
  assertStringIncludes(
    refused(() => fromOpenAPI(later)("GET /item")),
    'did you mean "GET /items", "GET /xxxx" or "GET /yyyyy"?',
  );
});

Deno.test("fromOpenAPI() unknown-route messages stay under 1 KB with huge routes and paths", () => {
  const huge = "x".repeat(100_000);
  const description = {
    ...stripeLike(),
    paths: {
      [`/${huge}a`]: { get: {} },
      [`/${huge}b`]: { get: {} },
      [`/${huge}\r\n${huge}`]: { get: {} },
      "/\u0000\u2028": { get: {} },
    },
  };
  for (const api of builders(description)) {
    for (
      const route of [
        `GET /${huge}`,
        `GET /${"\u0000".repeat(10_000)}`,
        "GET /",
        `GET /${huge}\r\nx: y`,
      ]
    ) {
      // A route with CR or LF is no route at all: refused before any operation is looked up.
      const message = refused(() => api(route));
      assert(/^(Unknown operation |Invalid route )/.test(message), message);
    }
  }
});

Deno.test("fromOpenAPI() refuses a key that the operation's body cannot take, naming its parameters", () => {
  for (const api of builders(stripeLike())) {
    const cases: [string, Json, string][] = [
      // A GET with an empty form body (Stripe's): no body, so no other keys.
      [
        "GET /v1/customers",
        { limt: 3 },
        'Invalid parameter "limt" for "GET /v1/customers": expected one of the operation\'s parameters "limit" or "expand"; a GET request has no body (or the strict: false option)',
      ],
      // No requestBody.
      [
        "DELETE /v1/customers/{customer}",
        { customer: "cus_1", reason: "x" },
        'Invalid parameter "reason" for "DELETE /v1/customers/{customer}": expected one of the operation\'s parameters "customer"',
      ],
      [
        "POST /v1/ping",
        { a: 1 },
        'Invalid parameter "a" for "POST /v1/ping": the operation takes no parameters (or the strict: false option)',
      ],
      [
        "HEAD /v1/ping",
        { a: 1 },
        'Invalid parameter "a" for "HEAD /v1/ping": the operation takes no parameters',
      ],
      [
        "GET /v1/search",
        { name: 1 },
        'Invalid parameter "name" for "GET /v1/search": the operation takes no parameters',
      ],
      // A closed body: its properties and the parameters are named.
      [
        "PUT /v1/closed",
        { name: "n", nmae: "x" },
        'Invalid parameter "nmae" for "PUT /v1/closed": expected one of the operation\'s parameters "dryRun", "name" or "data"',
      ],
      // A body property is not a GET's parameter, and the message says why.
      [
        "GET /v1/customers",
        { email: "a" },
        'Invalid parameter "email" for "GET /v1/customers": expected one of the operation\'s parameters "limit" or "expand"; a GET request has no body',
      ],
      // __proto__ and names of Object.prototype are keys like any other.
      [
        "GET /v1/charges",
        JSON.parse('{"__proto__": 1}'),
        'Invalid parameter "__proto__" for "GET /v1/charges"',
      ],
      [
        "GET /v1/charges",
        { constructor: 1 },
        'Invalid parameter "constructor" for "GET /v1/charges"',
      ],
      ["GET /v1/charges", { toString: "x" }, 'Invalid parameter "toString" for "GET /v1/charges"'],
      ["GET /v1/charges", { "a\r\nb": 1 }, 'Invalid parameter "a\\r\\nb" for "GET /v1/charges"'],
    ];
    for (const [route, options, message] of cases) {
      assertStringIncludes(refused(() => api(route, options)), message);
      // The same keys again: checked again, refused again.
      assertStringIncludes(refused(() => api(route, options)), message);
    }
    // What each operation takes: declared parameters, path variables, named options, open bodies.
    assertEquals(
      api("GET /v1/customers", { limit: 3, expand: ["x"], headers: { "x-a": "1" } }).url,
      `${BASE}/v1/customers?limit=3&expand=x`,
    );
    assertEquals(api("POST /v1/customers", { email: "a", anything: 1 }).body, "email=a&anything=1");
    assertEquals(api("PUT /v1/closed", { name: "n", data: 1, dryRun: true }).body, {
      name: "n",
      data: 1,
    });
    // patternProperties leave a schema open.
    assertEquals(api("PATCH /v1/closed", { name: "n", "x-a": 1, b: 2 }).body, {
      name: "n",
      "x-a": 1,
      b: 2,
    });
    // data replaces a body, baseUrl, headers, request and mediaType are options.
    assertEquals(api("POST /v1/ping", { data: "raw" }).body, "raw");
    assertEquals(
      api("GET /v1/charges", {
        baseUrl: "https://b.example",
        request: { t: 1 },
        mediaType: { format: "" },
      }).url,
      "https://b.example/v1/charges",
    );
    // Keys that change from call to call: each call's are checked.
    assertEquals(api("GET /v1/customers", { limit: 1 }).url, `${BASE}/v1/customers?limit=1`);
    assertStringIncludes(
      refused(() => api("GET /v1/customers", { limit: 1, x: 2 })),
      'Invalid parameter "x"',
    );
    assertEquals(api("GET /v1/customers", { limit: 2 }).url, `${BASE}/v1/customers?limit=2`);
    // Through merge() and parse(), and options alone.
    const m = api as unknown as {
      merge: (r: string, o: Json) => unknown;
      parse: (o: unknown) => unknown;
    };
    assertStringIncludes(
      refused(() => m.parse(m.merge("GET /v1/charges", { x: 1 }))),
      'Invalid parameter "x" for "GET /v1/charges"',
    );
    assertStringIncludes(
      refused(() => api({ url: "/v1/charges", x: 1 })),
      'Invalid parameter "x" for "GET /v1/charges"',
    );
  }
});

Deno.test("fromOpenAPI() strict keys: the defaults' keys, pollution, and huge lists of parameters", () => {
  const description = stripeLike();
  // A default that the operation does not declare goes on as before; a call's key over it is refused.
  const api = fromOpenAPI(description, { defaults: { team: "t" } });
  assertEquals(api("GET /v1/charges").url, `${BASE}/v1/charges?team=t`);
  assertStringIncludes(
    refused(() => api("GET /v1/charges", { team: "u" })),
    'Invalid parameter "team"',
  );
  // A polluted Object.prototype neither allows a key nor refuses one.
  const prototype = Object.prototype as Record<string, unknown>;
  for (
    const [key, value] of [["limt", 1], ["closed", ["nmae"]], ["body", {
      type: "application/json",
    }], ["strict", false]] as const
  ) {
    try {
      prototype[key] = value;
      for (const each of builders(description)) {
        assertStringIncludes(
          refused(() => each("GET /v1/customers", { limt: 3 })),
          'Invalid parameter "limt"',
        );
        assertStringIncludes(
          refused(() => each("PUT /v1/closed", { nmae: 3 })),
          'Invalid parameter "nmae"',
        );
        assertEquals(each("GET /v1/customers", { limit: 3 }).url, `${BASE}/v1/customers?limit=3`);
        assertStringIncludes(refused(() => each("GET /nowhere")), "Unknown operation");
      }
    } finally {
      delete prototype[key];
    }
  }
  // Thousands of parameters, with huge names: the message names some, bounded.
  const parameters = Array.from(
    { length: 5000 },
    (_, i) => ({ name: `p${i}${"n".repeat(300)}`, in: "query" }),
  );
  const wide = { ...description, paths: { "/wide": { get: { parameters } } } };
  const message = refused(() => fromOpenAPI(wide)("GET /wide", { ["k".repeat(100_000)]: 1 }));
  assertStringIncludes(message, 'Invalid parameter "kkkk');
  assertStringIncludes(message, "…");
});

Deno.test("fromOpenAPI({ strict: false }) builds other routes and keys as createEndpoint does", () => {
  const description = stripeLike();
  const plain = createEndpoint({ baseUrl: BASE });
  for (const api of builders(description, { strict: false })) {
    for (
      const [route, options] of [
        ["POST /v1/customer", { email: "a" }],
        ["POST /v1/customers/:customer", { customer: "c", email: "a" }],
        ["GET /nowhere", { a: 1 }],
      ] as const
    ) {
      const built = api(route, options);
      const expected = (plain as unknown as typeof api)(route, options);
      assertEquals([built.url, built.body], [expected.url, expected.body]);
    }
    // Keys an operation's body cannot take go where createEndpoint sends them.
    assertEquals(api("GET /v1/customers", { limt: 3 }).url, `${BASE}/v1/customers?limt=3`);
    assertEquals(api("POST /v1/ping", { a: 1 }).body, { a: 1 });
    assertEquals(api("PUT /v1/closed", { nmae: 1 }).body, { nmae: 1 });
  }
  // strict must be a boolean.
  for (const strict of ["false", 0, null]) {
    assertStringIncludes(
      refused(() => fromOpenAPI(description, { strict } as never)),
      "Invalid option strict ",
    );
  }
  assertEquals(
    fromOpenAPI(description, { strict: true })("GET /v1/charges").url,
    `${BASE}/v1/charges`,
  );
});
