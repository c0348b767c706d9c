import { BoundedCache } from "../src/uri_template/_cache.ts";
import { assert, assertEquals, assertStrictEquals } from "@std/assert";

Deno.test("BoundedCache.get() caches a key the second time and then computes it no more", () => {
  let computed = 0;
  const cache = new BoundedCache((key) => {
    computed++;
    return { key };
  }, 100);
  cache.get("a");
  const second = cache.get("a");
  assertEquals(computed, 2);
  for (let i = 0; i < 10; i++) assertStrictEquals(cache.get("a"), second);
  assertEquals(computed, 2);
  assertEquals(cache.size, 1);
});

Deno.test("BoundedCache.get() keeps at most its capacity under a stream of distinct keys", () => {
  let computed = 0;
  const cache = new BoundedCache(() => ++computed, 100);
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
  const cache = new BoundedCache((key) => key, 100);
  for (let i = 0; i < 10_000; i++) cache.get(`/once/${i}`);
  assertEquals(cache.size, 0);
});

Deno.test("BoundedCache.get() keeps an entry that keeps being used", () => {
  let computed = 0;
  const cache = new BoundedCache(() => ++computed, 10);
  cache.get("hot");
  for (let i = 0; i < 1000; i++) {
    cache.get(`/cold/${i}`);
    cache.get(`/cold/${i}`);
    cache.get("hot");
  }
  assertEquals(computed, 2002, "hot was computed twice: once seen, once cached");
});

Deno.test({
  name: "BoundedCache.get() takes constant time per miss when full",
  // A timing: scripts/mutate.ts leaves it out, since its verdict would follow the machine's load.
  ignore: Deno.env.get("ROUTECAST_MUTATE") === "1",
}, () => {
  const cache = new BoundedCache((key) => key, 1000);
  const time = (count: number) => {
    const start = performance.now();
    for (let i = 0; i < count; i++) {
      cache.get(`/k/${count}/${i}`);
      cache.get(`/k/${count}/${i}`);
    }
    return performance.now() - start;
  };
  time(20_000);
  const small = time(20_000);
  const large = time(200_000);
  assert(large / Math.max(small, 1) < 40, `10x the misses took ${(large / small).toFixed(1)}x`);
});
