/**
 * Rule 26's `server` and `serverVariables` options of `fromOpenAPI` and
 * `fromOpenAPITable`: the base url they choose, checked against
 * swagger-client's `buildRequest` (its `server` and `serverVariables`) on real
 * descriptions with server variables (tests/testdata/openapi-servers/), and
 * every bad choice or value refused when the builder is made with a bounded
 * `TypeError` that quotes it.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import SwaggerClient from "swagger-client";
import {
  compileOpenAPI,
  fromOpenAPI,
  fromOpenAPITable,
  type OpenAPIOptions,
  type OpenAPITable,
} from "@routecast/endpoint/openapi";

type Json = Record<string, unknown>;

const REAL = ["tcgdex", "aws-kendra-ranking", "azure-computervision", "eos"];

function load(name: string): Json {
  return JSON.parse(
    Deno.readTextFileSync(
      new URL(`./testdata/openapi-servers/${name}/openapi.json`, import.meta.url),
    ),
  );
}

/** A small description with a regional server, a second one, and path- and operation-level servers. */
function regional(): Json {
  return {
    openapi: "3.0.3",
    info: { title: "Regional", version: "1" },
    servers: [
      {
        url: "https://{region}.api.example.com/{version}",
        variables: {
          region: { default: "eu", enum: ["eu", "us"] },
          version: { default: "v1" },
        },
      },
      { url: "https://sandbox.example.com" },
      { url: "/relative" },
    ],
    paths: {
      "/items/{id}": { get: { parameters: [{ name: "id", in: "path", required: true }] } },
      "/uploads": {
        servers: [{
          url: "https://{region}.uploads.example.com",
          variables: { region: { default: "eu" } },
        }],
        post: {},
      },
      "/plain": { get: { servers: [{ url: "https://plain.example.com" }] } },
      "/same": {
        get: {
          servers: [{
            url: "https://{region}.api.example.com/{version}",
            variables: { region: { default: "eu" }, version: { default: "v1" } },
          }],
        },
      },
    },
  };
}

/** Every builder the options make: from the description, its table, and the table's JSON. */
function builders(description: Json, options: OpenAPIOptions) {
  const table = compileOpenAPI(description);
  return [
    fromOpenAPI(description, options),
    fromOpenAPI(table, options),
    fromOpenAPITable(JSON.parse(JSON.stringify(table)), options),
  ];
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

/** The operations of a description: method, path, and a value for each path and required parameter. */
function operations(description: Json) {
  const out: { method: string; path: string; values: Record<string, string> }[] = [];
  for (const [path, item] of Object.entries(description.paths as Json)) {
    for (const method of ["get", "put", "post", "delete", "patch"]) {
      const operation = (item as Json)[method] as Json | undefined;
      if (operation === undefined) continue;
      const values: Record<string, string> = {};
      for (const match of path.matchAll(/\{([^}]+)\}/g)) values[match[1]] = "p1";
      const parameters = [
        ...((item as Json).parameters ?? []) as Json[],
        ...(operation.parameters ?? []) as Json[],
      ];
      for (const parameter of parameters) {
        if (parameter.required === true) values[parameter.name as string] = "p1";
      }
      out.push({ method, path, values });
    }
  }
  return out;
}

/** swagger-client's url for an operation, with its `server` url and `serverVariables`. */
function swaggerUrl(
  spec: Json,
  operation: { method: string; path: string; values: Record<string, string> },
  server: string | undefined,
  serverVariables: Record<string, string>,
): string {
  const copy = structuredClone(spec);
  const item = (copy.paths as Json)[operation.path] as Json;
  (item[operation.method] as Json).operationId = "the-operation";
  const request = SwaggerClient.buildRequest({
    spec: copy,
    operationId: "the-operation",
    parameters: operation.values,
    ...(server === undefined ? {} : { server }),
    serverVariables,
  });
  return request.url;
}

/** The server choices to try on a description: each server, with no values and with each variable's. */
function choices(description: Json): { server: number; variables: Record<string, string> }[] {
  const out: { server: number; variables: Record<string, string> }[] = [];
  const servers = description.servers as Json[];
  servers.forEach((server, index) => {
    out.push({ server: index, variables: {} });
    for (const [name, variable] of Object.entries((server.variables ?? {}) as Json)) {
      const allowed = (variable as Json).enum as string[] | undefined;
      for (const value of allowed?.slice(-3) ?? [name === "port" ? "8443" : "example.org"]) {
        out.push({ server: index, variables: { [name]: value } });
      }
    }
  });
  return out;
}

Deno.test("fromOpenAPI({ server, serverVariables }) builds swagger-client's url on real descriptions with server variables", () => {
  let compared = 0;
  const perDescription: Record<string, number> = {};
  for (const name of [...REAL, "regional"]) {
    const description = name === "regional" ? regional() : load(name);
    const servers = description.servers as Json[];
    for (const { server, variables } of choices(description)) {
      const url = servers[server].url as string;
      if (!/^https?:|^\{/.test(url)) continue; // a relative server needs baseUrl (tested below)
      const options = { server: server === 0 ? undefined : server, serverVariables: variables };
      const [api, ...others] = builders(description, options);
      for (const operation of operations(description)) {
        // swagger-client fills no {name} in a path key with "#" (Azure's "#overload="),
        // whatever the server: not this test's concern.
        if (operation.path.includes("#") && operation.path.includes("{")) continue;
        const route = `${operation.method.toUpperCase()} ${operation.path}`;
        const ours = api(route, operation.values).url;
        const theirs = swaggerUrl(description, operation, url, variables);
        // The server and path; the query (and where it goes beside a "#") is not this test's concern.
        const base = (text: string) => text.split(/[?#]/)[0];
        assertEquals(base(ours), base(theirs), `${name} ${route} ${JSON.stringify(options)}`);
        for (const other of others) assertEquals(other(route, operation.values).url, ours);
        compared++;
        perDescription[name] = (perDescription[name] ?? 0) + 1;
      }
    }
  }
  // Every description and choice took part (counted, so that the loop cannot silently skip).
  assertEquals(Object.keys(perDescription).sort(), [...REAL, "regional"].sort());
  console.log(JSON.stringify({ compared, perDescription }));
});

Deno.test("fromOpenAPI() reads its options once: a baseUrl getter that changes on every read", () => {
  const description = {
    openapi: "3.1.0",
    info: { title: "Relative", version: "1" },
    servers: [{ url: "/v1" }],
    paths: { "/items": { get: { responses: {} } } },
  };
  const table = compileOpenAPI(description);
  for (const make of [fromOpenAPI, fromOpenAPITable] as const) {
    let reads = 0;
    const options = {
      get baseUrl() {
        reads++;
        // First a base url (a relative server needs one), then none.
        return reads === 1 ? "https://a.example" : undefined;
      },
    };
    const api = make === fromOpenAPI
      ? fromOpenAPI(description, options as OpenAPIOptions)
      : fromOpenAPITable(table, options as OpenAPIOptions);
    assertEquals(reads, 1);
    assertEquals(api("GET /items").url, "https://a.example/items");
  }
});

Deno.test("fromOpenAPI() chooses a server by index or by its url as written, variables at their defaults", () => {
  const description = regional();
  const cases: [OpenAPIOptions, string, string][] = [
    [{}, "GET /items/{id}", "https://eu.api.example.com/v1/items/7"],
    [{ server: 0 }, "GET /items/{id}", "https://eu.api.example.com/v1/items/7"],
    [{ server: 1 }, "GET /items/{id}", "https://sandbox.example.com/items/7"],
    [
      { server: "https://sandbox.example.com" },
      "GET /items/{id}",
      "https://sandbox.example.com/items/7",
    ],
    [
      { server: "https://{region}.api.example.com/{version}", serverVariables: { region: "us" } },
      "GET /items/{id}",
      "https://us.api.example.com/v1/items/7",
    ],
    [
      { serverVariables: { version: "v2" } },
      "GET /items/{id}",
      "https://eu.api.example.com/v2/items/7",
    ],
    // Path- and operation-level servers keep theirs, filling variables of the same names.
    [{ server: 1 }, "POST /uploads", "https://eu.uploads.example.com/uploads"],
    [
      { serverVariables: { region: "us" } },
      "POST /uploads",
      "https://us.uploads.example.com/uploads",
    ],
    [
      { server: 1, serverVariables: { region: "us" } },
      "GET /plain",
      "https://plain.example.com/plain",
    ],
    // An operation's server equal to the description's first stays that one.
    [{ server: 1 }, "GET /same", "https://eu.api.example.com/v1/same"],
    [{ serverVariables: { region: "us" } }, "GET /same", "https://us.api.example.com/v1/same"],
    // baseUrl overrides all of it.
    [
      { server: 1, serverVariables: { region: "us" }, baseUrl: "https://proxy.example.com" },
      "POST /uploads",
      "https://proxy.example.com/uploads",
    ],
    [
      { server: 2, baseUrl: "https://proxy.example.com" },
      "GET /items/{id}",
      "https://proxy.example.com/items/7",
    ],
  ];
  for (const [options, route, url] of cases) {
    for (const api of builders(description, options)) {
      const values = route === "GET /items/{id}" ? { id: 7 } : {};
      assertEquals(api(route, values).url, url, `${JSON.stringify(options)} ${route}`);
    }
  }
  // The caller's options are not changed.
  const options = { server: 0, serverVariables: { region: "us" } };
  fromOpenAPI(description, options);
  assertEquals(options, { server: 0, serverVariables: { region: "us" } });
});

Deno.test("fromOpenAPI() refuses a server index out of range, negative, not an integer, or a url not listed", () => {
  const description = regional();
  const table = compileOpenAPI(description);
  const cases: [unknown, string][] = [
    [
      3,
      "Invalid option server 3: expected an index from 0 to 2 or one of the description's server urls",
    ],
    [-1, "Invalid option server -1: expected an index from 0 to 2"],
    [1.5, "Invalid option server 1.5: expected an index"],
    [Number.NaN, "Invalid option server NaN: expected an index"],
    ["https://evil.example", 'Invalid option server "https://evil.example": expected an index'],
    ["https://sandbox.example.com/", 'Invalid option server "https://sandbox.example.com/"'],
    [true, "Invalid option server boolean"],
    [null, "Invalid option server null"],
    [{ url: "https://sandbox.example.com" }, "Invalid option server an object"],
  ];
  for (const [server, message] of cases) {
    for (const make of [fromOpenAPI, fromOpenAPITable]) {
      const source = make === fromOpenAPI ? description : table;
      assertStringIncludes(
        refused(() => make(source as OpenAPITable, { server } as unknown as OpenAPIOptions)),
        message,
      );
    }
  }
  // The urls are listed, quoted.
  assertStringIncludes(
    refused(() => fromOpenAPI(description, { server: 9 })),
    '"https://{region}.api.example.com/{version}", "https://sandbox.example.com" or "/relative"',
  );
  // A description without servers has none to choose.
  const none = { ...description, servers: undefined };
  assertEquals(
    refused(() => fromOpenAPI(none, { server: 0 })),
    "Invalid option server 0: the description lists no servers, expected the baseUrl option",
  );
  // A relative server needs baseUrl.
  assertEquals(
    refused(() => fromOpenAPI(description, { server: 2 })),
    'Invalid server "/relative": it is relative, expected an absolute http: or https: URL, or the baseUrl option',
  );
});

Deno.test("fromOpenAPI() refuses server variable values outside the enum or that could move the origin or path", () => {
  const description = regional();
  const bad = [
    "",
    // Dot segments: "https://eu.api.example.com/../items" is fetched as "/items".
    ".",
    "..",
    "eu/x",
    "evil.example/",
    "user@evil.example",
    "eu?x=1",
    "eu#x",
    "eu\\x",
    "eu%2Fx",
    "e u",
    "eu\r\nx-injected: 1",
    "eu\nx",
    "eu\0",
    "eu\t",
    "eu\u00a0",
    "eu\u2028",
    "eu\u0085",
  ];
  for (const value of bad) {
    for (const name of ["version", "region"]) {
      const message = refused(() =>
        fromOpenAPI(description, { serverVariables: { [name]: value } })
      );
      assertStringIncludes(message, `for server variable "${name}"`);
      assertStringIncludes(message, JSON.stringify(value).slice(0, 6));
      assertStringIncludes(
        message,
        'expected a non-empty string other than "." or ".." without "/", "?", "#", "@", "\\", "%", whitespace or control characters',
      );
    }
  }
  for (const value of [5, null, ["eu"], { toString: () => "eu" }]) {
    assertStringIncludes(
      refused(() => fromOpenAPI(description, { serverVariables: { version: value } } as never)),
      "Invalid value ",
    );
  }
  assertEquals(
    refused(() => fromOpenAPI(description, { serverVariables: { region: "mars" } })),
    'Invalid value "mars" for server variable "region": expected one of "eu" or "us"',
  );
  // The enum of the variable's own server: the path's "region" has none.
  assertEquals(
    fromOpenAPI(description, { server: 1, serverVariables: { region: "us" } })("POST /uploads").url,
    "https://us.uploads.example.com/uploads",
  );
  assertEquals(
    refused(() => fromOpenAPI(description, { serverVariables: { regoin: "eu" } })),
    'Invalid server variable "regoin": expected one of "region" or "version"',
  );
  assertEquals(
    refused(() => fromOpenAPI(description, { serverVariables: "region=eu" } as never)),
    'Invalid option serverVariables "region=eu": expected an object of strings by variable name',
  );
  const plain = { ...description, servers: [{ url: "https://api.example.com" }], paths: {} };
  assertEquals(
    refused(() => fromOpenAPI(plain, { serverVariables: { region: "eu" } })),
    'Invalid server variable "region": expected none, the servers have no variables',
  );
  // Only the chosen server's variables (and paths' and operations'): not another's of the list.
  const sandbox = { ...description, paths: {} };
  assertEquals(
    refused(() => fromOpenAPI(sandbox, { server: 1, serverVariables: { region: "us" } })),
    'Invalid server variable "region": expected none, the servers have no variables',
  );
});

Deno.test("fromOpenAPI() refuses a server variable value that is a whole . or .. segment, which a url resolves away", () => {
  const description = regional();
  const table = compileOpenAPI(description);
  for (const value of [".", ".."]) {
    for (const make of [() => description, () => table, () => JSON.parse(JSON.stringify(table))]) {
      assertEquals(
        refused(() => fromOpenAPI(make(), { serverVariables: { version: value } })),
        `Invalid value ${
          JSON.stringify(value)
        } for server variable "version": expected a non-empty string other than "." or ".." without "/", "?", "#", "@", "\\", "%", whitespace or control characters`,
      );
    }
    // A path-level server's variable of the same name is filled from the same values.
    assertStringIncludes(
      refused(() => fromOpenAPITable(table, { server: 1, serverVariables: { region: value } })),
      'expected a non-empty string other than "." or ".."',
    );
  }
  // Without the check, ".." would leave the base path: fetch resolves /../ away.
  assertEquals(
    new URL("https://eu.api.example.com/../items/1").href,
    "https://eu.api.example.com/items/1",
  );
  // Dots inside a value stay in its segment.
  for (const value of ["...", "v1.2", ".v", "v.", "..v"]) {
    for (const api of builders(description, { serverVariables: { version: value } })) {
      assertEquals(
        api("GET /items/{id}", { id: "1" }).url,
        `https://eu.api.example.com/${value}/items/1`,
      );
    }
  }
});

Deno.test("fromOpenAPI() with server options: __proto__, a polluted Object.prototype, and huge inputs", () => {
  const description = regional();
  // __proto__ as a caller's key is an unknown variable, not the prototype.
  const proto = JSON.parse('{"__proto__": "eu"}');
  assertEquals(
    refused(() => fromOpenAPI(description, { serverVariables: proto })),
    'Invalid server variable "__proto__": expected one of "region" or "version"',
  );
  // __proto__ as a description's variable name is a variable like any other.
  const named = JSON.parse(
    '{"openapi": "3.0.0", "info": {"title": "P", "version": "1"}, "paths": {"/a": {"get": {}}},' +
      '"servers": [{"url": "https://{__proto__}.example.com", "variables": {"__proto__": {"default": "d", "enum": ["d", "e"]}}}]}',
  );
  for (const api of builders(named, {})) assertEquals(api("GET /a").url, "https://d.example.com/a");
  for (const api of builders(named, { serverVariables: JSON.parse('{"__proto__": "e"}') })) {
    assertEquals(api("GET /a").url, "https://e.example.com/a");
  }
  assertStringIncludes(
    refused(() => fromOpenAPI(named, { serverVariables: JSON.parse('{"__proto__": "f"}') })),
    'Invalid value "f" for server variable "__proto__": expected one of "d" or "e"',
  );
  // A polluted Object.prototype supplies no variable, option, default or enum.
  const prototype = Object.prototype as Record<string, unknown>;
  const clean = builders(description, { serverVariables: { version: "v3" } })
    .map((api) => api("GET /items/{id}", { id: 1 }).url);
  for (
    const [key, value] of [
      ["region", "evil.example/"],
      ["version", "evil"],
      ["server", 1],
      ["serverVariables", { region: "us" }],
      ["variables", { region: { default: "evil" } }],
      ["enum", ["evil"]],
      ["default", "evil"],
      ["servers", [{ url: "https://evil.example" }]],
      ["0", { url: "https://evil.example" }],
    ] as const
  ) {
    let polluted: string[];
    try {
      prototype[key] = value;
      polluted = builders(description, { serverVariables: { version: "v3" } })
        .map((api) => api("GET /items/{id}", { id: 1 }).url);
    } finally {
      delete prototype[key];
    }
    assertEquals(polluted, clean, key);
  }
  // Huge values and lists: bounded messages, linear work.
  const huge = "a".repeat(1_000_000);
  assertStringIncludes(
    refused(() => fromOpenAPI(description, { serverVariables: { region: huge } })),
    'Invalid value "aaaa',
  );
  assertStringIncludes(
    refused(() => fromOpenAPI(description, { server: huge })),
    "Invalid option server",
  );
  const many = {
    ...description,
    servers: Array.from({ length: 50_000 }, (_, i) => ({
      url: `https://{v${i}}.example.com/${"x".repeat(50)}`,
      variables: {
        [`v${i}`]: { default: "d", enum: Array.from({ length: 20 }, (_, j) => `e${j}`) },
      },
    })),
  };
  assertStringIncludes(refused(() => fromOpenAPI(many, { server: 50_000 })), "0 to 49999");
  assertStringIncludes(
    refused(() => fromOpenAPI(many, { server: 7, serverVariables: { v7: huge } })),
    "Invalid value",
  );
  assertStringIncludes(
    refused(() => fromOpenAPI(many, { server: 7, serverVariables: { v7: "mars" } })),
    '"e0", "e1"',
  );
  assertEquals(
    fromOpenAPI(many, { server: 7, serverVariables: { v7: "e3" } })("GET /items/{id}", { id: 1 })
      .url,
    `https://e3.example.com/${"x".repeat(50)}/items/1`,
  );
});

Deno.test("fromOpenAPI() refuses a chosen server whose defaults give no http: or https: URL, or userinfo", () => {
  const with_ = (servers: unknown[]) => ({ ...regional(), servers });
  const cases: [unknown[], OpenAPIOptions, string][] = [
    [
      [{ url: "https://a.example.com" }, { url: "ftp://files.example.com" }],
      { server: 1 },
      'Invalid server "ftp://files.example.com": "ftp://files.example.com" is not an http: or https: URL',
    ],
    [
      [{ url: "https://a.example.com" }, {
        url: "{scheme}://b.example.com",
        variables: { scheme: { default: "javascript" } },
      }],
      { server: 1 },
      'Invalid server "{scheme}://b.example.com": "javascript://b.example.com" is not an http: or https: URL',
    ],
    [
      [{ url: "https://a.example.com" }, {
        url: "https://{user}.example.com",
        variables: { user: { default: "me@evil.example" } },
      }],
      { server: 1 },
      'has userinfo ("user@")',
    ],
    // A server that is one whole variable needs baseUrl unless its value makes a URL.
    [
      [{ url: "https://a.example.com" }, {
        url: "{Endpoint}",
        variables: { Endpoint: { default: "" } },
      }],
      { server: 1 },
      'Invalid server "{Endpoint}": it is relative, expected an absolute http: or https: URL, or the baseUrl option',
    ],
    [
      [{ url: "https://a.example.com" }, { url: "{Endpoint}", variables: { Endpoint: {} } }],
      { server: 1 },
      'Invalid server "{Endpoint}": variable "Endpoint" has no default, expected a value in serverVariables',
    ],
    // A caller's value cannot make a scheme its variable has no enum for... but must still give http(s).
    [
      [{ url: "https://a.example.com" }, {
        url: "{scheme}://b.example.com",
        variables: { scheme: { default: "https" } },
      }],
      { server: 1, serverVariables: { scheme: "file" } },
      '"file://b.example.com" is not an http: or https: URL',
    ],
  ];
  for (const [servers, options, message] of cases) {
    const description = with_(servers);
    const table = compileOpenAPI(description);
    assertStringIncludes(refused(() => fromOpenAPI(description, options)), message);
    assertStringIncludes(refused(() => fromOpenAPITable(table, options)), message);
  }
  // The whole-variable server with baseUrl: the caller's url is used.
  const endpoint = with_([{ url: "{Endpoint}/v1", variables: { Endpoint: { default: "" } } }]);
  assertEquals(
    fromOpenAPI(endpoint, { server: 0, baseUrl: "https://westus.example.com/v1" })(
      "GET /items/{id}",
      {
        id: 1,
      },
    ).url,
    "https://westus.example.com/v1/items/1",
  );
});

Deno.test("fromOpenAPI() records the servers the options can change, and only those", () => {
  const describe = (servers: unknown[], paths: Json) => ({ ...regional(), servers, paths });
  // Two servers without variables: the operation whose server is the first keeps it.
  const two = describe([{ url: "https://a.example.com" }, { url: "https://b.example.com" }], {
    "/x": { get: { servers: [{ url: "https://a.example.com" }] } },
    "/y": { get: {} },
  });
  for (const api of builders(two, { server: 1 })) {
    assertEquals(api("GET /x").url, "https://a.example.com/x");
    assertEquals(api("GET /y").url, "https://b.example.com/y");
  }
  // One server without variables: a path's server with variables still takes the caller's values.
  const one = describe([{ url: "https://a.example.com" }], {
    "/x": {
      servers: [{ url: "https://{zone}.example.com", variables: { zone: { default: "z1" } } }],
      get: {},
    },
  });
  for (const api of builders(one, { serverVariables: { zone: "z2" } })) {
    assertEquals(api("GET /x").url, "https://z2.example.com/x");
  }
  assertEquals(compileOpenAPI(one).servers, undefined);
  // A relative operation server is resolved against the chosen server.
  const relative = describe([{ url: "https://a.example.com/v1" }, {
    url: "https://b.example.com/v2",
  }], {
    "/files": { post: { servers: [{ url: "/uploads" }] } },
  });
  for (const api of builders(relative, { server: 1 })) {
    assertEquals(api("POST /files").url, "https://b.example.com/uploads/files");
  }
  // Resolved against the chosen server, a relative operation server is checked as a base url.
  const hostile = describe([{ url: "/api" }, { url: "https://b.example.com/v2" }], {
    "/files": { post: { servers: [{ url: "//user@evil.example/up" }] } },
  });
  assertEquals(
    refused(() => fromOpenAPI(hostile, { server: 1 })),
    'Invalid server "//***@evil.example/up" of "POST /files": resolved against "https://b.example.com/v2", "https://***@evil.example/up" has userinfo ("user@"), expected an absolute URL such as "https://api.example.com"',
  );
  // A lone relative server is recorded too: choosing it says that it is relative.
  const lone = describe([{ url: "/api" }], { "/x": { get: {} } });
  assertEquals(
    refused(() => fromOpenAPI(lone, { server: 0 })),
    'Invalid server "/api": it is relative, expected an absolute http: or https: URL, or the baseUrl option',
  );
});

Deno.test("fromOpenAPITable() refuses hostile server records", () => {
  const table = compileOpenAPI(regional()) as unknown as Json;
  const change = (edit: (copy: Json) => void) => {
    const copy = structuredClone(table);
    edit(copy);
    return copy as unknown as OpenAPITable;
  };
  const cases: [(copy: Json) => void, string][] = [
    [
      (t) => t.servers = "https://evil.example",
      'Invalid OpenAPI table at servers: expected an array of servers, found "https://evil.example"',
    ],
    [
      (t) => t.servers = [5],
      "Invalid OpenAPI table at servers[0]: expected a server (an object), found number",
    ],
    [
      (t) => t.servers = [{ url: 5 }],
      "Invalid OpenAPI table at servers[0].url: expected a string, found number",
    ],
    [
      (t) => t.servers = [{ url: "https://a", extra: 1 }],
      'Invalid OpenAPI table at servers[0].extra: unknown field, expected "url" or "variables"',
    ],
    [
      (t) => t.servers = [{ url: "https://a", variables: [] }],
      "Invalid OpenAPI table at servers[0].variables: expected a map of variables (an object), found an array",
    ],
    [
      (t) => t.servers = [{ url: "https://a", variables: { v: { default: 1 } } }],
      "Invalid OpenAPI table at servers[0].variables.v.default: expected a string, found number",
    ],
    [
      (t) => t.servers = [{ url: "https://a", variables: { v: { enum: "a" } } }],
      'Invalid OpenAPI table at servers[0].variables.v.enum: expected an array, found "a"',
    ],
    [
      (t) => t.servers = [{ url: "https://a", variables: { v: { enum: [1] } } }],
      "Invalid OpenAPI table at servers[0].variables.v.enum[0]: expected a string, found number",
    ],
    [
      (t) =>
        t.servers = [{ url: "https://a", variables: JSON.parse('{"__proto__": {"evil": 1}}') }],
      'Invalid OpenAPI table at servers[0].variables.__proto__.evil: unknown field, expected "default" or "enum"',
    ],
    [
      (t) => ((t.operations as Json)["POST /uploads"] as Json).servers = [],
      'Invalid OpenAPI table at operations["POST /uploads"].servers: expected an array of one server, found an array',
    ],
    [
      (t) =>
        ((t.operations as Json)["POST /uploads"] as Json).servers = [{ url: "a" }, { url: "b" }],
      "expected an array of one server",
    ],
  ];
  cases.push([
    (t) =>
      ((t.operations as Json)["GET /items/{id}"] as Json).body = {
        type: "application/json",
        closed: [1],
      },
    'Invalid OpenAPI table at operations["GET /items/{id}"].body.closed[0]: expected a string, found number',
  ]);
  for (const [edit, message] of cases) {
    const bad = change(edit);
    assertStringIncludes(refused(() => fromOpenAPITable(bad)), message);
    assertStringIncludes(refused(() => fromOpenAPI(bad)), message);
  }
  // Without options, a table with servers builds as before; the records are what compileOpenAPI wrote.
  assertEquals(table.servers, regional().servers as Json[]);
  assertEquals(((table.operations as Json)["GET /plain"] as Json).servers, [{
    url: "https://plain.example.com",
  }]);
});

Deno.test("fromOpenAPI() with server options compiles only the operations that have servers of their own", () => {
  const reads = { n: 0 };
  // Counts the compile's reads of a parameter (the server options read no parameter).
  const parameter = new Proxy({ name: "id", in: "path", required: true }, {
    get(target, key, receiver) {
      if (typeof key === "string" && Object.hasOwn(target, key)) reads.n++;
      return Reflect.get(target, key, receiver);
    },
  });
  const description = regional();
  const paths = description.paths as Record<string, Json>;
  paths["/items/{id}"] = { get: { parameters: [parameter] } };
  // An operation reached through a $ref may have servers: it is read too.
  paths["/ref"] = { $ref: "#/x-items/ref" };
  description["x-items"] = {
    ref: {
      get: {
        servers: [{
          url: "https://{region}.ref.example.com",
          variables: { region: { default: "eu" } },
        }],
      },
    },
  };
  paths["/opref"] = { get: { $ref: "#/x-items/opref" } };
  (description["x-items"] as Json).opref = {
    servers: [{
      url: "https://{region}.opref.example.com",
      variables: { region: { default: "eu" } },
    }],
  };
  const api = fromOpenAPI(description, { server: 1, serverVariables: { region: "us" } });
  assertEquals(reads.n, 0, "the server options compiled an operation without servers");
  assertEquals(api("GET /items/{id}", { id: 7 }).url, "https://sandbox.example.com/items/7");
  assert(reads.n > 0);
  assertEquals(api("POST /uploads").url, "https://us.uploads.example.com/uploads");
  assertEquals(api("GET /ref").url, "https://us.ref.example.com/ref");
  assertEquals(api("GET /opref").url, "https://us.opref.example.com/opref");
  assertEquals(api("GET /plain").url, "https://plain.example.com/plain");
  // A variable only an operation's server has is known without compiling the others.
  const only = fromOpenAPI(description, { serverVariables: { region: "us" } });
  assertEquals(only("GET /ref").url, "https://us.ref.example.com/ref");
  assertStringIncludes(
    refused(() => fromOpenAPI(description, { serverVariables: { nowhere: "x" } })),
    '"nowhere"',
  );
  // A path item that cannot be read is its operations' problem, with server options too.
  (paths as Record<string, unknown>)["/broken"] = 5;
  const broken = fromOpenAPI(description, { serverVariables: { region: "us" } });
  assertStringIncludes(refused(() => broken("GET /broken")), "paths");
  assertEquals(broken("GET /ref").url, "https://us.ref.example.com/ref");
});
