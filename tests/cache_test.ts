import { BoundedCache } from "../src/uri_template/_cache.ts";
import { assertEquals, assertStrictEquals } from "@std/assert";

Deno.test("BoundedCache.get() computes once per key and keeps at most its capacity", () => {
  let computed = 0;
  const cache = new BoundedCache((key) => {
    computed++;
    return { key };
  }, 100);
  const first = cache.get("a");
  assertStrictEquals(cache.get("a"), first);
  assertEquals(computed, 1);
  for (let i = 0; i < 100_000; i++) cache.get(`/t/${i}`);
  assertEquals(cache.size, 100);
  assertEquals(computed, 100_001);
  cache.get("/t/99999");
  assertEquals(computed, 100_001);
});
