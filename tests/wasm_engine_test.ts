/**
 * What is particular to the WebAssembly engine: its linear memory stays
 * bounded, very large inputs either work or throw a clear RangeError, and a
 * getter that expands while values are being read does not disturb the
 * outer expansion.
 */
import { expand, parseTemplate } from "@routecast/endpoint/uri-template";
import { wasmMemorySize } from "../src/uri_template/_wasm_engine.ts";
import { assert, assertEquals, assertStrictEquals, assertThrows } from "@std/assert";
import { endpoint } from "@routecast/endpoint";
import { endpoint as lite } from "@routecast/endpoint/lite";
import { engines } from "../src/uri_template/_engines.ts";

const TEMPLATES: [string, Record<string, unknown>][] = [
  ["/repos/{owner}/{repo}/issues/{number}/comments{?since,per_page,page}", {
    owner: "octocat",
    repo: "Hello-World",
    number: 1347,
    since: new Date(Date.UTC(2024, 0, 1)),
    per_page: 100,
  }],
  ["{/path*}{?query*}{#frag:3}", {
    path: ["a b", "ü", "😀"],
    query: { q: "x&y", empty: "", lone: "\ud800" },
    frag: "%2Fabcdef",
  }],
  ["{+base}{;list,map}{.label*}", {
    base: "http://example.com/a%20b/",
    list: ["x", "y"],
    map: new Map([["k", "v"]]),
    label: ["a", "b"],
  }],
];

Deno.test('parseTemplate() reports the engine option in effect, "auto" by default', () => {
  assertEquals(parseTemplate("/users/{username}").engine, "auto");
  assertEquals(parseTemplate("/users/{username}", { engine: "auto" }).engine, "auto");
  assertEquals(parseTemplate("/users/{username}", { engine: "wasm" }).engine, "wasm");
  assertEquals(parseTemplate("/users/{username}", { engine: "ts" }).engine, "ts");
});

/** The output, or the error's message: failing expansions must not leak memory either. */
function outcome(run: () => string): string {
  try {
    return run();
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
}

Deno.test("Template.expand() does not grow linear memory after warm-up", () => {
  // Failing expansions must not leak scratch memory either.
  const cases: [string, Record<string, unknown>][] = [
    ...TEMPLATES,
    ["{a}{list:2}", { a: "é", list: ["x"] }],
    ["{a}{b}", { a: "x".repeat(100), b: () => 1 }],
  ];
  const templates = cases.map(([text, variables]) =>
    [parseTemplate(text, { engine: "wasm" }), variables] as const
  );
  const expected = cases.map(([text, variables]) =>
    outcome(() => expand(text, variables, { engine: "ts" }))
  );
  for (let i = 0; i < 1000; i++) {
    for (const [template, variables] of templates) outcome(() => template.expand(variables));
  }
  const warm = wasmMemorySize();
  assert(warm > 0);
  let expansions = 0;
  for (let i = 0; expansions < 1_000_000; i++) {
    // Errors cost a stack trace each, so the failing cases run every tenth round.
    const count = i % 10 === 0 ? templates.length : TEMPLATES.length;
    for (let t = 0; t < count; t++) {
      const [template, variables] = templates[t];
      const result = outcome(() => template.expand(variables));
      if (i % 50_000 === 0) assertEquals(result, expected[t]);
    }
    expansions += count;
  }
  assertEquals(wasmMemorySize(), warm);
});

Deno.test("Template.expand() expands multi-megabyte values like the TS engine", () => {
  const values = {
    ascii: "a-b_c.d~e f/g".repeat(700_000), // 9.1 MB, every kind of ASCII byte
    unicode: "Grüße, 日本語, 😀, \ud800 ".repeat(100_000), // 1.9 M code units
    list: Array.from({ length: 20_000 }, (_, i) => `item ${i} é`),
  };
  for (const template of ["{ascii}", "{+ascii}", "{?unicode}", "{#unicode:999}", "{;list*}"]) {
    const wasm = expand(template, values, { engine: "wasm" });
    const ts = expand(template, values, { engine: "ts" });
    assertEquals(wasm.length, ts.length, template);
    assert(wasm === ts, template);
  }
});

Deno.test("Template.expand() throws RangeError for values that need more than 256 MiB, then works on", () => {
  const message = 'Cannot expand URI template "{x}" with the "wasm" engine: it needs more ' +
    "than 256 MiB of WebAssembly memory";
  // 90 MB of input fits; its worst-case output (three bytes each) does not.
  const spaces = " ".repeat(90_000_000);
  assertThrows(() => expand("{x}", { x: spaces }, { engine: "wasm" }), RangeError, message);
  // 300 MB of input does not fit.
  const chunk = "z".repeat(15_000_000);
  assertThrows(
    () => expand("{x}", { x: Array(20).fill(chunk) }, { engine: "wasm" }),
    RangeError,
    message,
  );
  for (const [text, variables] of TEMPLATES) {
    assertEquals(expand(text, variables, { engine: "wasm" }), expand(text, variables));
  }
});

Deno.test("Template.expand() is not disturbed by a getter that expands on the same engine", () => {
  const inner = { owner: "inner owner", list: ["é", "x"] };
  const variables = {
    a: "outer",
    get b() {
      // Another template (compiled now) and the outer one again, mid-expansion.
      return expand("{/owner}{?list*}{&fresh}", { ...inner, fresh: "ü" }, { engine: "wasm" }) +
        expand("{a}{+b}{?c*}", { a: "x", b: "y", c: { k: "v" } }, { engine: "wasm" });
    },
    c: { k: "v v" },
  };
  const template = "{a}{+b}{?c*}";
  const expected = expand(template, variables, { engine: "ts" });
  assertEquals(expand(template, variables, { engine: "wasm" }), expected);
  assertEquals(
    expected,
    "outer/inner%20owner?list=%C3%A9&list=x&fresh=%C3%BCxy?k=v?k=v%20v",
  );
});

Deno.test("compiled programs stay intact while thousands of others are compiled after them", () => {
  // Programs are copied out of linear memory into shared slabs; a template
  // kept from an early slab must still expand after many slabs have filled.
  const variables = { a: "x y", b: ["1", "2"], c: { k: "v" } };
  const kept: [string, ReturnType<typeof parseTemplate>][] = [];
  for (let i = 0; i < 3000; i++) {
    const text = `/t${i}/{a}{/b*}{?c*}` + "{+a}".repeat(i % 7) + (i % 2 === 0 ? "" : "{#b}");
    const template = parseTemplate(text, { engine: "wasm" });
    if (i % 97 === 0) kept.push([text, template]);
  }
  // One program large enough to get a buffer of its own.
  const long = "{/a}".repeat(600);
  kept.push([long, parseTemplate(long, { engine: "wasm" })]);
  for (const [text, template] of kept) {
    assertEquals(template.expand(variables), expand(text, variables, { engine: "ts" }), text);
  }
});

// The real WebAssembly limit, and "auto" past it.

const API = "https://api.github.com";
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
