import { BoundedCache } from "../src/_cache.ts";
import { parseTemplate } from "@routecast/endpoint/uri-template";
import { assert, assertEquals, assertStrictEquals } from "@std/assert";

Deno.test("BoundedCache.get() caches a key the second time and then computes it no more", () => {
  let computed = 0;
  const cache = new BoundedCache((key) => {
    computed++;
    return { key };
  }, { entries: 100 });
  cache.get("a");
  const second = cache.get("a");
  assertEquals(computed, 2);
  for (let i = 0; i < 10; i++) assertStrictEquals(cache.get("a"), second);
  assertEquals(computed, 2);
  assertEquals(cache.size, 1);
});

Deno.test("BoundedCache.get() keeps at most its capacity under a stream of distinct keys", () => {
  let computed = 0;
  const cache = new BoundedCache(() => ++computed, { entries: 100 });
  for (let i = 0; i < 100_000; i++) {
    cache.get(`/t/${i}`);
    cache.get(`/t/${i}`);
    assert(cache.size <= 100, `size ${cache.size} after ${i + 1} keys`);
  }
  assertEquals(computed, 200_000);
  const before = computed;
  for (let i = 99_950; i < 100_000; i++) cache.get(`/t/${i}`);
  assertEquals(computed, before, "the last 50 keys are still cached");
});

Deno.test("BoundedCache.get() caches nothing for keys seen once", () => {
  const cache = new BoundedCache((key) => key, { entries: 100 });
  for (let i = 0; i < 10_000; i++) cache.get(`/once/${i}`);
  assertEquals(cache.size, 0);
});

Deno.test("BoundedCache.get() keeps an entry that keeps being used", () => {
  let computed = 0;
  const cache = new BoundedCache(() => ++computed, { entries: 10 });
  cache.get("hot");
  for (let i = 0; i < 1000; i++) {
    cache.get(`/cold/${i}`);
    cache.get(`/cold/${i}`);
    cache.get("hot");
  }
  assertEquals(computed, 2002, "hot was computed twice: once seen, once cached");
});

for (const mode of ["templates", "cache"]) {
  Deno.test(`BoundedCache keeps the heap flat under a stream of large distinct keys (${mode})`, async () => {
    const output = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--v8-flags=--expose-gc",
        new URL("./fixtures/large_key_stream.ts", import.meta.url).pathname,
        mode,
      ],
    }).output();
    assert(output.success, new TextDecoder().decode(output.stderr));
    const { growth } = JSON.parse(new TextDecoder().decode(output.stdout));
    // Kept keys are capped at CACHE_KEY_CHARS (2 MB as UTF-16) per cache, and
    // a key over CACHE_MAX_KEY_LENGTH is never kept: keeping every key would
    // take 384 MB (templates) or 40 MB (cache).
    assert(growth < 16 * 1024 * 1024, `heap grew ${(growth / 1048576).toFixed(1)} MB`);
  });
}

// Mutant cache-key-length: templates of any length were kept.
Deno.test("parseTemplate() keeps templates up to 4096 characters, and none longer (README: Security)", () => {
  for (const [length, kept] of [[4096, true], [4097, false], [100_000, false]] as const) {
    const text = `/kept/${length}/{x}`;
    const template = text + "a".repeat(length - text.length);
    parseTemplate(template); // seen once: compiled, not kept yet
    const second = parseTemplate(template);
    assertEquals(parseTemplate(template) === second, kept, `${length} characters`);
    assertEquals(second.expand({ x: "y" }), template.replace("{x}", "y"));
  }
});
