import { BoundedCache } from "../src/uri_template/_cache.ts";
import { assert, assertEquals, assertStrictEquals } from "@std/assert";

Deno.test("BoundedCache.get() computes once per key and keeps at most its capacity", () => {
  let computed = 0;
  const cache = new BoundedCache((key) => {
    computed++;
    return { key };
  }, 100);
  const first = cache.get("a");
  assertStrictEquals(cache.get("a"), first);
  assertEquals(computed, 1);
  for (let i = 0; i < 100_000; i++) {
    cache.get(`/t/${i}`);
    assert(cache.size <= 100, `size ${cache.size} after ${i + 1} keys`);
  }
  assertEquals(computed, 100_001);
  for (let i = 99_950; i < 100_000; i++) cache.get(`/t/${i}`);
  assertEquals(computed, 100_001, "the last 50 keys are still cached");
});

Deno.test("BoundedCache.get() keeps an entry that keeps being used", () => {
  let computed = 0;
  const cache = new BoundedCache(() => ++computed, 10);
  cache.get("hot");
  for (let i = 0; i < 1000; i++) {
    cache.get(`/cold/${i}`);
    cache.get("hot");
  }
  assertEquals(computed, 1001, "hot was computed once");
});

Deno.test("BoundedCache.get() takes constant time per miss when full", () => {
  const cache = new BoundedCache((key) => key, 1000);
  const time = (count: number) => {
    const start = performance.now();
    for (let i = 0; i < count; i++) cache.get(`/k/${count}/${i}`);
    return performance.now() - start;
  };
  time(20_000);
  const small = time(20_000);
  const large = time(200_000);
  assert(large / Math.max(small, 1) < 40, `10x the misses took ${(large / small).toFixed(1)}x`);
});
