/**
 * Messages for a newcomer's first mistakes: the adapters given something
 * other than request options, a class instance as options through every
 * entry, TypeScript's report of a route called without its options, and
 * header values that are never quoted (they may be secrets).
 */
import { createEndpoint, endpoint, toCurl, toFetch } from "@routecast/endpoint";
import { fromOpenAPI } from "@routecast/endpoint/openapi";
import { endpoint as lite } from "@routecast/endpoint/lite";
import { endpoint as octokit } from "@routecast/endpoint/octokit";
import { assert, assertEquals, assertStringIncludes, assertThrows } from "@std/assert";
import { parseTemplate } from "@routecast/endpoint/uri-template";
import { parseTemplate as parseTemplateLite } from "@routecast/endpoint/uri-template/lite";
import { typeErrorOf } from "./_loose.ts";

const EXPECTED = "expected the request options endpoint() returns";
/** A builder without its types: these tests pass what the types forbid. */
// deno-lint-ignore no-explicit-any
type Loose = ((route?: unknown, options?: unknown) => any) & {
  defaults(options: unknown): Loose;
  // deno-lint-ignore no-explicit-any
  merge(route?: unknown, options?: unknown): any;
  // deno-lint-ignore no-explicit-any
  parse(options: unknown): any;
};
const BUILDERS: readonly (readonly [string, Loose])[] = [
  ["main", endpoint as unknown as Loose],
  ["lite", lite as unknown as Loose],
  ["octokit", octokit as unknown as Loose],
];

for (const [name, adapter] of [["toFetch", toFetch], ["toCurl", toCurl]] as const) {
  Deno.test(`${name}() says what it expects when not given request options`, () => {
    class Options {
      method = "GET";
    }
    const cases: [unknown, string][] = [
      [{}, `Invalid options for ${name}(): method is undefined, ${EXPECTED}`],
      [null, `Invalid options for ${name}(): found null, ${EXPECTED}`],
      ["GET /user", `Invalid options for ${name}(): found string, ${EXPECTED}`],
      [[], `Invalid options for ${name}(): found an array, ${EXPECTED}`],
      [{ method: "get" }, `Invalid options for ${name}(): url is undefined, ${EXPECTED}`],
      [{ method: 1, url: "/x" }, `Invalid options for ${name}(): method is number, ${EXPECTED}`],
      [{ method: "", url: "/x" }, `Invalid options for ${name}(): method is "", ${EXPECTED}`],
      [new Options(), `Invalid options for ${name}(): url is undefined, ${EXPECTED}`],
      [
        { method: "get", url: "https://h/x", headers: null },
        `Invalid options for ${name}(): headers is null, ${EXPECTED}`,
      ],
    ];
    for (const [options, message] of cases) {
      assertThrows(() => adapter(options as never), TypeError, message);
    }
    // Request options written by hand need no headers.
    assertStringIncludes(String(adapter({ method: "get", url: "https://h/x" } as never)), "h/x");
  });
}

Deno.test("a class instance as options is named by its class through every entry", () => {
  class Foo {
    owner = "o";
  }
  const foo = new Foo() as never;
  for (const builder of [endpoint, lite, octokit]) {
    const calls: (() => unknown)[] = [
      () => builder(foo),
      () => builder("GET /x", foo),
      () => builder.merge(foo),
      () => builder.merge("GET /x", foo),
      () => builder.parse(foo),
      () => builder.defaults(foo),
      () => builder.defaults({ baseUrl: "https://h" })("GET /x", foo),
      () => builder.defaults({ baseUrl: "https://h" }).merge("GET /x", foo),
    ];
    for (const call of calls) {
      assertThrows(call, TypeError, "an instance of Foo: expected a");
    }
  }
});

Deno.test("TypeScript reports a route called without its options as missing options", async () => {
  const dir = await Deno.makeTempDir({ prefix: "routecast_messages_" });
  try {
    const file = `${dir}/missing_options.ts`;
    await Deno.writeTextFile(
      file,
      [
        'import { endpoint } from "@routecast/endpoint";',
        'import { endpoint as lite } from "@routecast/endpoint/lite";',
        'import { endpoint as octokit } from "@routecast/endpoint/octokit";',
        'endpoint("GET /repos/{owner}/{repo}");',
        'lite("GET /repos/{owner}/{repo}");',
        'octokit("GET /repos/{owner}/{repo}");',
        'endpoint.defaults({ owner: "o" })("GET /repos/{owner}/{repo}");',
        'endpoint("GET /repos/{owner}/{repo}", { owner: "o" });',
        // These need no options.
        'endpoint("GET /user");',
        'endpoint.defaults({ owner: "o", repo: "r" })("GET /repos/{owner}/{repo}");',
        'endpoint({ url: "/repos/{owner}/{repo}", owner: "o", repo: "r" });',
        "",
      ].join("\n"),
    );
    const output = await new Deno.Command(Deno.execPath(), {
      args: [
        "check",
        "--quiet",
        "--config",
        new URL("../deno.json", import.meta.url).pathname,
        file,
      ],
      env: { NO_COLOR: "1" },
    }).output();
    assert(!output.success, "deno check passed a route called without its options");
    const text = new TextDecoder().decode(output.stderr);
    const errors = text.split(/\n(?=TS\d+ \[ERROR\])/).filter((part) =>
      /^TS\d+ \[ERROR\]/.test(part)
    );
    const byLine = new Map<number, string>();
    for (const error of errors) {
      // TS6236 is the note under TS2554 ("… were not provided"), located in types.ts.
      if (error.startsWith("TS6236")) continue;
      const line = Number(/missing_options\.ts:(\d+):\d+/.exec(error)?.[1]);
      byLine.set(line, `${byLine.get(line) ?? ""}${error}`);
    }
    assert(!text.includes("not assignable to parameter of type 'EndpointOptions'"), text);
    for (const line of [4, 5, 6, 7]) {
      const error = byLine.get(line) ?? "";
      assertStringIncludes(error, "Expected 2 arguments, but got 1.", text);
    }
    // The related note points at the missing options.
    assertStringIncludes(text, "Arguments for the rest parameter 'options' were not provided.");
    assertStringIncludes(
      byLine.get(8) ?? "",
      "Property 'repo' is missing in type '{ owner: string; }'",
      text,
    );
    assertEquals([...byLine.keys()].sort(), [4, 5, 6, 7, 8]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a header value with CR, LF or NUL is never quoted, whichever way it arrives", () => {
  const secret = "Bearer sk_live_SECRET\r\nX: y";
  const api = fromOpenAPI({
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    servers: [{ url: "https://api.example.com" }],
    paths: {
      "/me": {
        get: {
          parameters: [
            { name: "X-API-Key", in: "header" },
            { name: "X-Keys", in: "header" },
            { name: "X-Json", in: "header", content: { "application/json": {} } },
          ],
          responses: {},
        },
      },
    },
  }) as unknown as Loose;
  const neutral = createEndpoint({ baseUrl: "https://api.example.com" }) as unknown as Loose;
  const paths: [string, string, () => unknown][] = [];
  for (const [label, builder] of [...BUILDERS, ["createEndpoint", neutral]] as const) {
    const headers = { authorization: secret };
    paths.push(
      [`${label}: a call`, "authorization", () => builder("GET /x", { headers })],
      [`${label}: defaults()`, "authorization", () => builder.defaults({ headers })],
      [
        `${label}: parse()`,
        "authorization",
        () => builder.parse({ method: "GET", url: "/x", headers }),
      ],
      [
        `${label}: merge() then parse()`,
        "authorization",
        () => builder.parse(builder.merge("GET /x", { headers })),
      ],
    );
  }
  for (const [label, builder] of BUILDERS) {
    paths.push([
      `${label}: the amended accept`,
      "accept",
      () => builder("GET /x", { headers: { accept: secret }, mediaType: { format: "raw" } }),
    ]);
  }
  paths.push(
    ["fromOpenAPI: a header parameter", "x-api-key", () => api("GET /me", { "X-API-Key": secret })],
    ["fromOpenAPI: a list item", "x-keys", () => api("GET /me", { "X-Keys": ["a", secret] })],
    ["fromOpenAPI: a JSON header", "x-json", () => api("GET /me", { "X-Json": secret })],
    [
      "fromOpenAPI: defaults()",
      "x-api-key",
      () => api.defaults({ "X-API-Key": secret })("GET /me"),
    ],
    [
      "toCurl",
      "authorization",
      () =>
        toCurl({ method: "GET", url: "https://h/x", headers: { authorization: "a\0" + secret } }),
    ],
  );
  for (const [label, header, call] of paths) {
    const error = assertThrows(call, TypeError);
    const { message } = error;
    for (const part of ["sk_live", "SECRET", "Bearer", "X: y"]) {
      assert(!message.includes(part), `${label}: ${message}`);
    }
    assertStringIncludes(message, `header "${header}"`, label);
    assert(message.length < 1024, label);
  }
});

/** The longest message any error may have (about 1 KB for 1 MB inputs). */
const MAX_MESSAGE = 1024;

Deno.test("every error message stays under 1 KB for 1 MB inputs, escapes included", () => {
  const big = "k".repeat(1_000_000);
  const nul = "\0".repeat(1_000_000);
  const lone = "\ud800".repeat(1_000_000);
  class Huge {}
  Object.defineProperty(Huge, "name", { value: "H".repeat(1_000_000) });
  const calls: [string, (e: Loose) => unknown][] = [];
  for (const text of [big, nul, lone]) {
    calls.push(
      ["route", (e) => e(`GET /a ${text}`)],
      ["route method", (e) => e(`${text}( /a`)],
      ["method option", (e) => e({ method: text + " ", url: "/a" })],
      ["template", (e) => e(`GET /a/{${text}`)],
      ["missing parameter", (e) => e(`GET /a/{x}/${text.slice(0, 100_000)}`)],
      ["header name", (e) => e("GET /a", { headers: { [text + " "]: "v" } })],
      ["header value", (e) => e("GET /a", { headers: { [big]: text + "\n" } })],
      ["header in defaults", (e) => e.defaults({ headers: { [text + "\n"]: 1 } })],
      ["format", (e) => e("GET /a", { mediaType: { format: text + "\n" } })],
      ["preview", (e) => e("GET /a", { mediaType: { previews: [text + "\n"] } })],
      ["baseUrl", (e) => e("GET /a", { baseUrl: text })],
      ["baseUrl query", (e) => e("GET /a", { baseUrl: `https://h/?${text}` })],
      ["url option", (e) => e({ url: "", [text]: 1 })],
      ["key of a map value", (e) => e("GET /a/{x}", { x: { [text]: () => 1 } })],
      ["map key", (e) => e("GET /a/{x}", { x: new Map([[text, Symbol("s")]]) })],
      ["dot segment", (e) => e("GET /a{/x,y}", { x: text, y: ".." })],
      ["decoded ..", (e) => e("GET /a/{+x}", { x: `${text}/..;/` })],
      ["origin", (e) => e("GET https://h.example{x}", { x: text })],
      ["data on GET", (e) => e(`GET /${text.slice(0, 100_000)}`, { data: 1 })],
      [
        "parse",
        (e) => e.parse({ method: "GET", url: text, headers: {}, mediaType: { format: text } }),
      ],
    );
  }
  calls.push(
    ["class instance as options", (e) => e("GET /a", new Huge())],
    ["class instance as a value", (e) => e("GET /a/{x}", { x: new Huge() })],
    ["class instance as mediaType", (e) => e("GET /a", { mediaType: new Huge() })],
    ["class instance as request", (e) => e("GET /a", { request: [big] })],
  );
  for (const [entry, builder] of BUILDERS) {
    for (const [name, call] of calls) {
      let message: string | undefined;
      try {
        call(builder);
      } catch (error) {
        assert(error instanceof TypeError || error instanceof SyntaxError, `${name}: ${error}`);
        message = error.message;
      }
      // ./octokit expands a missing path variable to nothing (rule 23).
      if (entry === "octokit" && name === "missing parameter") continue;
      assert(message !== undefined, `${entry} ${name}: no error`);
      assert(message.length <= MAX_MESSAGE, `${entry} ${name}: ${message.length} characters`);
    }
  }
  // The uri-template entries show a non-string template or engine by its type.
  for (const parse of [parseTemplate, parseTemplateLite]) {
    for (const value of [[big], 10n ** 100_000n, { toString: () => big }]) {
      const text = typeErrorOf(() => parse(value as never), "template");
      assert(text.length <= MAX_MESSAGE, `${text.length} characters`);
      const engine = typeErrorOf(() => parse("{x}", { engine: value as never }), "engine");
      assert(engine.length <= MAX_MESSAGE, `${engine.length} characters`);
    }
  }
  let called = false;
  const sneaky = {
    toString: () => {
      called = true;
      return "{x}";
    },
  };
  typeErrorOf(() => parseTemplate(sneaky as never), "toString");
  assertEquals(called, false, "a message never calls the caller's toString");
});

Deno.test("a url's userinfo is never quoted: baseUrl, route, template, server, command line", async () => {
  const { runCli } = await import("@routecast/endpoint/cli");
  const secret = "hunter2SECRET";
  const userinfo = `u:${secret}`;
  const neutral = createEndpoint() as unknown as Loose;
  const api = fromOpenAPI({
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    servers: [{ url: "https://api.example.com" }],
    paths: { "/p": { get: { responses: {} } } },
  }) as unknown as Loose;
  const calls: [string, () => unknown][] = [];
  for (
    const [label, builder] of [...BUILDERS, ["createEndpoint", neutral], [
      "fromOpenAPI",
      api,
    ]] as const
  ) {
    const route = label === "fromOpenAPI" ? "GET /p" : "GET /x";
    calls.push(
      [
        `${label}: baseUrl with a query`,
        () => builder(route, { baseUrl: `https://${userinfo}@h.example/?a=1` }),
      ],
      [
        `${label}: baseUrl not a URL`,
        () => builder(route, { baseUrl: `//${userinfo}@h.example/` }),
      ],
      [
        `${label}: baseUrl in parse()`,
        () =>
          builder.parse({ method: "GET", url: "/p", baseUrl: `https://${userinfo}@h.example#x` }),
      ],
      [`${label}: a route`, () => builder(`GET https://${userinfo}@h.example/x y`)],
      [
        `${label}: a template`,
        () => builder({ method: "GET", url: `https://${userinfo}@h.example/{x` }),
      ],
      // Two urls, the second with an "@" in its path only: each url's own userinfo is hidden.
      [`${label}: two urls`, () => builder(`GET https://a.example/x@y//${userinfo}@h.example/{x`)],
    );
  }
  calls.push(
    ["parseTemplate", () => parseTemplate(`https://${userinfo}@h.example/{x`)],
    ["parseTemplate (lite)", () => parseTemplateLite(`https://x:y@a//${userinfo}@h.example/{x`)],
    ["fromOpenAPI: a server's userinfo", () =>
      fromOpenAPI({
        openapi: "3.1.0",
        info: { title: "t", version: "1" },
        servers: [{ url: `https://${userinfo}@api.example.com` }],
        paths: {},
      })],
  );
  for (const [label, call] of calls) {
    let message = "";
    try {
      call();
    } catch (error) {
      assert(error instanceof TypeError || error instanceof SyntaxError, `${label}: ${error}`);
      message = error.message;
    }
    assert(message !== "", `${label}: no error`);
    assert(!message.includes(secret) && !message.includes("u:"), `${label}: ${message}`);
    // The rest of the url is still quoted.
    assertStringIncludes(message, "//***@", label);
  }
  // A path's "@" is no userinfo, and neither is an "@" after the authority.
  const kept = typeErrorOf(() => neutral(`GET https://h.example/a@b/x y`), "route");
  assertStringIncludes(kept, `"GET https://h.example/a@b/x y"`);
  const cli = runCli(["--base-url", `https://${userinfo}@h.example/?q`, "GET", "/x"]);
  assertEquals(cli.code, 1);
  assert(!cli.stderr.includes(secret), cli.stderr);
  assertStringIncludes(cli.stderr, `"https://***@h.example/?q"`);
});
