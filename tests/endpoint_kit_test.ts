/**
 * src/endpoint/kit.ts, the endpoint layer's door for the rest of routecast
 * (issue 30): the one named-option list and the one decision whether a key
 * is an option, the one query-writer family, the one token check, and no
 * module-level mutable state in the endpoint layer.
 */
import { assert, assertEquals, assertThrows } from "@std/assert";
import {
  GITHUB_QUERY,
  isToken,
  openApiQuery,
  OPTION_NAMES,
  queryStyle,
  RFC6570_QUERY,
} from "../src/endpoint/kit.ts";
import { PairCache } from "../src/_cache.ts";
import { endpoint } from "../mod.ts";
import { fromOpenAPI } from "../src/openapi/mod.ts";

Deno.test("kit: OPTION_NAMES lists exactly the named options of EndpointOptions", () => {
  // As types.ts documents EndpointOptions (the compiler checks _options.ts against it).
  const every = ["method", "url", "baseUrl", "headers", "mediaType", "data", "request"];
  assertEquals([...OPTION_NAMES].sort(), every.sort());
  assert(Object.isFrozen(OPTION_NAMES));
});

Deno.test("kit: isToken is RFC 9110's token", () => {
  assert(isToken("X-Api-Key") && !isToken("a b") && !isToken("") && !isToken("é"));
});

Deno.test("kit: the query writers are configurations of one family", () => {
  // GitHub's: comma lists, and a string q keeps its + separators.
  assertEquals(GITHUB_QUERY.write("q", "a+b c"), "q=a+b%20c");
  assertEquals(GITHUB_QUERY.prefix("q"), undefined);
  assertEquals(GITHUB_QUERY.write("ids", [1, 2]), "ids=1,2");
  // The neutral RFC 6570 pairs: q is a parameter like any other.
  assertEquals(RFC6570_QUERY.write("q", "a+b"), "q=a%2Bb");
  assertEquals(RFC6570_QUERY.prefix("q"), "q=");
  assertEquals(RFC6570_QUERY.write("none", null), "");
  // OpenAPI's styles.
  assertEquals(openApiQuery("form", true, false).write("id", [1, 2]), "id=1&id=2");
  assertEquals(openApiQuery("spaceDelimited", false, false).write("id", [1, 2]), "id=1%202");
  assertEquals(openApiQuery("pipeDelimited", false, false).write("id", [1, 2]), "id=1|2");
  assertEquals(
    openApiQuery("deepObject", true, false).write("f", { a: "x y" }),
    "f%5Ba%5D=x%20y",
  );
  // allowReserved keeps reserved characters but never a delimiter of the query or a key.
  const reserved = openApiQuery("form", true, true);
  assertEquals(reserved.write("p", "a/b#c&d"), "p=a/b%23c%26d");
  assertEquals(reserved.write("o", { "k=1": "v" }), "k%3D1=v");
  assertEquals(reserved.prefix("a=b"), "a%3Db=");
  assertEquals(
    queryStyle({ lists: "repeat", objects: "explode", reserved: false }).write("o", { a: 1 }),
    "a=1",
  );
  assertThrows(() => GITHUB_QUERY.write("x", [[1]]), TypeError, '"x"');
});

Deno.test("kit: a hostile name never reaches a prototype through a writer", () => {
  Object.defineProperty(Object.prototype, "polluted", { value: "yes", configurable: true });
  try {
    assertEquals(GITHUB_QUERY.write("__proto__", { polluted: 1 }), "__proto__=polluted,1");
    assertEquals(RFC6570_QUERY.write("a\r\nb", "c\0"), "a%0D%0Ab=c%00");
  } finally {
    delete (Object.prototype as Record<string, unknown>).polluted;
  }
});

Deno.test("PairCache: keys two strings apart, keeps the last pair, never caches a throw", () => {
  const made: string[] = [];
  const cache = new PairCache((first, second) => {
    if (first === "bad") throw new TypeError("bad");
    made.push(`${first}|${second}`);
    return `${first}|${second}`;
  });
  assertEquals(cache.get("a", "bc"), "a|bc");
  assertEquals(cache.get("ab", "c"), "ab|c"); // not the same key as ("a", "bc")
  assertEquals(cache.get("ab", "c"), "ab|c");
  assertEquals(cache.get("a", "bc"), "a|bc");
  assertThrows(() => cache.get("bad", "x"), TypeError);
  assertThrows(() => cache.get("bad", "x"), TypeError);
  assertEquals(cache.get("1:", "x"), "1:|x");
  assertEquals(cache.get("1", ":x"), "1|:x");
  assert(made.includes("a|bc") && made.includes("ab|c"));
});

Deno.test("one decision: after a route string, a declared url or method stays a parameter", () => {
  const api = fromOpenAPI({
    openapi: "3.1.0",
    info: { title: "T", version: "1" },
    servers: [{ url: "https://api.example.com" }],
    paths: {
      "/items": {
        get: {
          parameters: [{ name: "url", in: "query" }, { name: "method", in: "query" }],
          responses: {},
        },
      },
    },
  });
  const result = api("GET /items", { url: "https://evil.example/x", method: "POST" });
  assertEquals(result.method, "get");
  assert(result.url.startsWith("https://api.example.com/items?"), result.url);
  // Beside no route string, the options' url and method are the route all the same.
  assertEquals(api({ url: "/items", method: "GET" }).url, "https://api.example.com/items");
});

Deno.test("no module-level mutable state in the endpoint layer", async () => {
  const folder = new URL("../src/endpoint/", import.meta.url);
  const files = ["../_cache.ts"];
  for await (const entry of Deno.readDir(folder)) {
    if (entry.name.endsWith(".ts")) files.push(entry.name);
  }
  for (const name of files) {
    const text = await Deno.readTextFile(new URL(name, folder));
    // A top-level `let` or `var` is state every builder shares (the cause of d867c0c's first-call bug).
    const top = text.split("\n").filter((line) => /^(export )?(let|var) /.test(line));
    assertEquals(top, [], name);
  }
});

Deno.test("the parse() path: a baseUrl is checked per plan, and a bad one every time", () => {
  const merged = endpoint.merge("GET /a", { baseUrl: "https://x.example?q" });
  assertThrows(() => endpoint.parse(merged), TypeError, "query or fragment");
  assertThrows(() => endpoint.parse(merged), TypeError, "query or fragment");
  const good = endpoint.merge("GET /a", { baseUrl: "https://y.example//" });
  assertEquals(endpoint.parse(good).url, "https://y.example/a");
  assertEquals(endpoint.parse(good).url, "https://y.example/a");
  assertEquals(endpoint.parse(endpoint.merge("GET /a")).url, "https://api.github.com/a");
});
