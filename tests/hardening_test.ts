/**
 * Issue 13, "Hardening, round two": one test per finding, on every entry
 * that builds requests (`.`, `./lite`, `./octokit`) and through every path
 * (a call, `defaults()`, `parse()`, `merge()` then `parse()`, the CLI).
 * Items 3 (toISOString), 8 (literal origin) and 9 (decoded `..`) are also
 * held by tests/uri_template_test.ts and tests/endpoint_rules_18_22_test.ts.
 */
import { endpoint } from "@routecast/endpoint";
import { endpoint as lite } from "@routecast/endpoint/lite";
import { endpoint as octokit } from "@routecast/endpoint/octokit";
import { expand, parseTemplate } from "@routecast/endpoint/uri-template";
import { parseTemplate as parseTemplateLite } from "@routecast/endpoint/uri-template/lite";
import { runCli } from "@routecast/endpoint/cli";
import { endpoint as reference } from "@octokit/endpoint";
import { assert, assertEquals, assertStrictEquals, assertThrows } from "@std/assert";
import { engines } from "../src/uri_template/_engines.ts";

const API = "https://api.github.com";
/** A builder without its types: these tests pass what the types forbid. */
// deno-lint-ignore no-explicit-any
type Loose = ((route?: unknown, options?: unknown) => any) & {
  defaults(options: unknown): Loose;
  // deno-lint-ignore no-explicit-any
  merge(route?: unknown, options?: unknown): any;
  // deno-lint-ignore no-explicit-any
  parse(options: unknown): any;
  readonly DEFAULTS: unknown;
};
const BUILDERS: readonly (readonly [string, Loose])[] = [
  ["main", endpoint as unknown as Loose],
  ["lite", lite as unknown as Loose],
  ["octokit", octokit as unknown as Loose],
];
const REFERENCE = reference as unknown as Loose;
/** The longest message any error may have (issue 13: about 1 KB for 1 MB inputs). */
const MAX_MESSAGE = 1024;

/** Runs `call`, requires a TypeError (never a RangeError) and returns its message. */
function typeErrorOf(call: () => unknown, what: string): string {
  try {
    call();
  } catch (error) {
    assert(error instanceof TypeError, `${what}: ${error}`);
    return error.message;
  }
  throw new Error(`${what}: no error`);
}

// Item 1: mediaType.format and previews are media-type tokens, on every path.

const BAD_FORMATS = ["raw\r\nx-injected: 1", "raw\nx", "raw\0", "raw, text/html", "raw;q=1", "a b"];
const BAD_PREVIEWS = ["a\r\nb", "squirrel-girl\n", "a,b", "a;b", ""];

for (const [entry, builder] of BUILDERS) {
  Deno.test(`endpoint() refuses a mediaType.format or preview that is not a token, on every path (${entry})`, () => {
    const mediaTypes: [unknown, string][] = [
      ...BAD_FORMATS.map((format): [unknown, string] => [
        { format },
        `Invalid mediaType.format ${JSON.stringify(format)}: expected a media-type parameter`,
      ]),
      ...BAD_PREVIEWS.map((name): [unknown, string] => [
        { previews: ["ok", name] },
        `Invalid preview name ${JSON.stringify(name)} in mediaType.previews`,
      ]),
    ];
    for (const [mediaType, message] of mediaTypes) {
      const merged = builder.merge("GET /graphql");
      const paths: [string, () => unknown][] = [
        ["call", () => builder("GET /graphql", { mediaType })],
        ["options call", () => builder({ url: "/graphql", mediaType })],
        ["defaults", () => builder.defaults({ mediaType })],
        ["merge", () => builder.merge("GET /graphql", { mediaType })],
        ["parse", () => builder.parse({ ...merged, mediaType })],
        ["defaults then call", () => builder.defaults({})("GET /graphql", { mediaType })],
      ];
      for (const [path, call] of paths) {
        const text = typeErrorOf(call, `${path} ${JSON.stringify(mediaType)}`);
        assert(text.startsWith(message), `${path}: ${text}`);
      }
    }
    // Tokens still amend accept.
    assertEquals(
      builder("GET /graphql", { mediaType: { format: "text+json" } }).headers.accept,
      "application/vnd.github.v3.text+json",
    );
    assertEquals(
      builder.defaults({ mediaType: { previews: ["squirrel-girl-preview"] } })("GET /graphql")
        .headers.accept,
      "application/vnd.github.squirrel-girl-preview+json",
    );
  });
}

Deno.test("routecast (the CLI) refuses a mediaType that would inject a header", () => {
  for (const flags of [["--curl"], ["--fetch"], []]) {
    const result = runCli([
      ...flags,
      "GET",
      "/x",
      'mediaType:={"format":"raw\\r\\nX-Injected: yes"}',
    ]);
    assertEquals(result.code, 1, flags.join());
    assertEquals(result.stdout, "");
    assert(result.stderr.startsWith('routecast: Invalid mediaType.format "raw\\r\\nX-Injected'));
    const preview = runCli([
      ...flags,
      "GET",
      "/x",
      'mediaType:={"previews":["a\\nX-Injected: yes"]}',
    ]);
    assertEquals(preview.code, 1, flags.join());
    assert(!preview.stdout.includes("X-Injected"), preview.stdout);
  }
});

// Item 2: cycles and depth.

for (const [entry, builder] of BUILDERS) {
  Deno.test(`endpoint() keeps a cyclic request as the reference does, in defaults() and per call (${entry})`, () => {
    const cyclic = (): Record<string, unknown> => {
      const ctx: Record<string, unknown> = { name: "ctx", list: [] };
      ctx.self = ctx;
      (ctx.list as unknown[]).push(ctx, { back: ctx });
      return ctx;
    };
    const signal = new AbortController().signal;
    const fetch = () => Promise.resolve(new Response());
    const cases: [string, (e: Loose) => unknown][] = [
      ["defaults", (e) => e.defaults({ request: { ctx: cyclic() } })("GET /x").request],
      [
        "defaults, then a call's request",
        (e) =>
          e.defaults({ request: { ctx: cyclic(), a: 1 } })("GET /x", { request: { b: 2 } }).request,
      ],
      [
        "a call's cyclic request over the defaults'",
        (e) =>
          e.defaults({ request: { ctx: { a: 1 } } })("GET /x", { request: { ctx: cyclic() } })
            .request,
      ],
      [
        "defaults twice",
        (e) =>
          e.defaults({ request: { ctx: cyclic() } }).defaults({ request: { more: cyclic() } })(
            "GET /x",
          )
            .request,
      ],
      [
        "merge then parse",
        (e) => e.parse(e.defaults({ request: { ctx: cyclic() } }).merge("GET /x")).request,
      ],
    ];
    for (const [name, run] of cases) {
      const ours = run(builder) as Record<string, Record<string, unknown>>;
      assertEquals(ours, run(REFERENCE), name);
    }
    // The copy in DEFAULTS keeps the cycle as a cycle.
    const copied = builder.defaults({ request: { ctx: cyclic() } })("GET /x").request;
    assertStrictEquals(copied.ctx.self, copied.ctx);
    assertStrictEquals(copied.ctx.list[1].back, copied.ctx);
    // A call's request is the object passed (rule 13); non-plain values are never copied.
    const ctx = cyclic();
    const request = { ctx };
    assertStrictEquals(builder("GET /x", { request }).request, request);
    const withSignal = builder.defaults({ request: { signal, fetch, ctx } })("GET /x").request!;
    assertStrictEquals(withSignal.signal, signal);
    assertStrictEquals(withSignal.fetch, fetch);
    assertStrictEquals(
      (ctx.self as Record<string, unknown>).self,
      ctx,
      "the caller's object is unchanged",
    );
    assert(!Object.isFrozen(ctx));
  });

  Deno.test(`endpoint() answers 1e5 levels of nesting with a TypeError, never a RangeError (${entry})`, () => {
    let object: Record<string, unknown> = { leaf: 1 };
    let list: unknown[] = [1];
    for (let i = 0; i < 100_000; i++) {
      object = { a: object };
      list = [list];
    }
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const deep = `nested more than 64 levels deep, expected plain data`;
    const copies: [string, () => unknown, string][] = [
      [
        "a parameter in defaults",
        () => builder.defaults({ x: object }),
        `Invalid parameter "x": ${deep}`,
      ],
      ["a list in defaults", () => builder.defaults({ x: list }), `Invalid parameter "x": ${deep}`],
      [
        "request in defaults",
        () => builder.defaults({ request: object }),
        `Invalid option request: ${deep}`,
      ],
      ["data in defaults", () => builder.defaults({ data: list }), `Invalid option data: ${deep}`],
      [
        "a cycle in a default parameter",
        () => builder.defaults({ x: cyclic }),
        'Invalid parameter "x": it contains a cycle',
      ],
      [
        "a call's value over a default as deep",
        () => builder.defaults({ x: object })("POST /x", { x: object }),
        `Invalid parameter "x": ${deep}`,
      ],
      [
        "a header in defaults",
        () => builder.defaults({ headers: { a: object } }),
        'Invalid value for header "a"',
      ],
      [
        "previews in defaults",
        () => builder.defaults({ mediaType: { previews: list } }),
        "Invalid preview name",
      ],
      ["a url value", () => builder("GET /a/{x}", { x: object }), 'Cannot expand variable "x"'],
      ["a url list", () => builder("GET /a{/x*}", { x: list }), 'Cannot expand variable "x"'],
      ["a query value", () => builder("GET /a", { x: object }), 'Cannot expand variable "x"'],
    ];
    for (const [name, call, message] of copies) {
      const text = typeErrorOf(call, name);
      assert(text.startsWith(message), `${name}: ${text}`);
    }
    // Bodies are sent as they are, not copied: deep is allowed there, as in the reference.
    assertStrictEquals(builder("POST /a", { x: object }).body!.x, object);
    assertStrictEquals(builder("POST /a", { data: list }).body, list);
    assertStrictEquals(builder.merge("POST /a", { x: object }).x, object);
  });
}

// Item 4: every message is bounded, whatever the size of what it quotes.

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

// Item 7: options and parameters are own properties only.

Deno.test("endpoint(), parse(), merge() and defaults() ignore a polluted Object.prototype", () => {
  const unique = `/polluted-${crypto.randomUUID()}`;
  const runs = (): [string, () => unknown][] => {
    const out: [string, () => unknown][] = [];
    for (const [entry, e] of BUILDERS) {
      out.push(
        [`${entry} route`, () => e(`GET ${unique}/{owner}`, { owner: "o", per_page: 1 })],
        [`${entry} POST`, () => e(`POST ${unique}/{owner}/post`, { owner: "o", title: "t" })],
        [`${entry} options`, () => e({ url: `${unique}/{owner}/options`, owner: "o" })],
        [`${entry} merge()`, () => e.merge()],
        [`${entry} merge`, () => e.merge(`PUT ${unique}/merge`, { owner: "o" })],
        [
          `${entry} merge then parse`,
          () => e.parse(e.merge(`PATCH ${unique}/{owner}/parse`, { owner: "o" })),
        ],
        [
          `${entry} parse`,
          () =>
            e.parse({
              method: "GET",
              url: `https://h.example${unique}/by-hand/{owner}`,
              headers: {},
              mediaType: { format: "" },
              owner: "o",
            }),
        ],
        [`${entry} defaults`, () => e.defaults({ owner: "d" })(`GET ${unique}/{owner}/defaults`)],
        [`${entry} defaults DEFAULTS`, () => e.defaults({ headers: { a: "1" } }).DEFAULTS],
        [
          `${entry} defaults with a url`,
          () => e.defaults({ url: `${unique}/{owner}/url`, owner: "d" })(),
        ],
      );
    }
    return out;
  };
  const outcome = (run: () => unknown) => {
    try {
      return JSON.stringify(run());
    } catch (error) {
      return `${(error as Error).name}: ${(error as Error).message}`;
    }
  };
  const clean = runs().map(([name, run]) => [name, outcome(run)]);
  const pollution: Record<string, unknown> = {
    baseUrl: "https://evil.example",
    headers: { "x-evil": "1" },
    request: { evil: true },
    mediaType: { format: "evil", previews: ["evil"] },
    url: "/evil",
    method: "DELETE",
    data: "evil",
    format: "evil",
    previews: ["evil"],
    accept: "evil",
    "content-type": "evil",
    owner: "evil",
    per_page: 99,
    title: "evil",
  };
  const prototype = Object.prototype as Record<string, unknown>;
  let polluted: (string | undefined)[][];
  try {
    for (const [key, value] of Object.entries(pollution)) prototype[key] = value;
    polluted = runs().map(([name, run]) => [name, outcome(run)]);
  } finally {
    for (const key of Object.keys(pollution)) delete prototype[key];
  }
  assertEquals(Object.keys(pollution).filter((key) => key in {}), []);
  assertEquals(polluted, clean);
});

// Items 8 and 9 on ./octokit too (the other entries: tests/endpoint_rules_18_22_test.ts).

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

// Item 10: the real WebAssembly limit, and "auto" past it.

/** One value of 4 KiB less than 64 MiB of UTF-8 fits the WebAssembly engine; 4 KiB more does not. */
const WASM_FITS = 2 ** 26 - 4096;
const WASM_TOO_LARGE = 2 ** 26 + 4096;

Deno.test({
  name: 'expand() with "wasm" fits a 64 MiB value (4 bytes of memory per byte), and not more',
  ignore: engines.wasm.unavailable() !== undefined,
  fn() {
    const fits = "a".repeat(WASM_FITS);
    assertStrictEquals(expand("{x}", { x: fits }, { engine: "wasm" }).length, WASM_FITS);
    const tooLarge = "a".repeat(WASM_TOO_LARGE);
    assertThrows(
      () => expand("{x}", { x: tooLarge }, { engine: "wasm" }),
      RangeError,
      "it needs more than 256 MiB of WebAssembly memory",
    );
    // Non-ASCII text needs its UTF-8 bytes: 4 KiB less than 32 MiB of two-byte characters fits.
    assertThrows(
      () => expand("{x}", { x: "é".repeat(WASM_TOO_LARGE / 2) }, { engine: "wasm" }),
      RangeError,
    );
  },
});

Deno.test("a value too large for WebAssembly gives the same url on . and ./lite, through the engine", () => {
  const path = "a".repeat(WASM_TOO_LARGE);
  if (engines.wasm.unavailable() === undefined) {
    assertThrows(() => expand("{/path}", { path }, { engine: "wasm" }), RangeError);
  }
  const expected = `${API}/files/${path}`;
  // {/path} is expanded by the facade (not the `{name}` concatenation), so "auto" must fall back.
  const main = endpoint("GET /files{/path}", { path }).url;
  assertStrictEquals(main.length, expected.length);
  assert(main === expected);
  assert(lite("GET /files{/path}", { path }).url === main);
  assert(expand("{/path}", { path }) === expand("{/path}", { path }, { engine: "ts" }));
});

// Found by tests/hostile_test.ts.

for (const [entry, builder] of BUILDERS) {
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

  Deno.test(`endpoint() bounds a list at 2^20 items, so a huge sparse array costs no minutes (${entry})`, () => {
    const huge = ["a"];
    huge.length = 2 ** 32 - 1;
    assertThrows(
      () => builder("GET /a{/x*}", { x: huge }),
      TypeError,
      'Cannot expand variable "x": expected a list of at most 1048576 items, found 4294967295',
    );
    assertThrows(() => builder("GET /a", { x: huge }), TypeError, "at most 1048576 items");
    assertThrows(
      () => builder.defaults({ x: huge }),
      TypeError,
      'Invalid parameter "x": it has a list of 4294967295 items, expected at most 1048576',
    );
    const sparse = ["a"];
    sparse.length = 2 ** 20;
    assertEquals(builder("GET /a{/x*}", { x: sparse }).url, `${API}/a/a`);
  });
}
