/**
 * Resource bounds: compiled-template caches stay within their caps under a
 * stream of distinct templates, and very large values expand correctly or
 * throw RangeError, never anything else.
 */
import { expand } from "@routecast/endpoint/uri-template";
import { endpoint } from "@routecast/endpoint";
import { assert, assertEquals } from "@std/assert";
import { ENGINES } from "./_engines.ts";

const STREAM = 1_000_000;
/**
 * Distinct names streamed: 2.5e5 (a 1e6 stream took 12 s of CPU). With the
 * name caches' cap removed, the heap grew 62 MB over them, 3x the limit.
 */
const NAME_STREAM = 250_000;

/**
 * Runs a fixture that streams `count` distinct inputs and prints the heap
 * after a forced GC at four checkpoints; returns those heap sizes.
 */
async function streamHeap(fixture: string, ...args: string[]): Promise<number[]> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--v8-flags=--expose-gc",
      new URL(`./fixtures/${fixture}`, import.meta.url).pathname,
      ...args,
    ],
  }).output();
  assert(output.success, new TextDecoder().decode(output.stderr));
  return JSON.parse(new TextDecoder().decode(output.stdout)).heap;
}

Deno.test("expand() and endpoint() keep memory flat under 1e6 distinct templates", async () => {
  const heap = await streamHeap("template_stream.ts", String(STREAM), "default");
  // A million compiled templates would take hundreds of MB; the caches hold 1000 each.
  const growth = heap[3] - heap[0];
  assert(growth < 8 * 1024 * 1024, `heap grew ${(growth / 1048576).toFixed(1)} MB: ${heap}`);
});

Deno.test("endpoint() keeps memory flat under 2.5e5 distinct header and parameter names", async () => {
  const heap = await streamHeap("name_stream.ts", String(NAME_STREAM));
  // Keeping every name would take about 60 MB past the first checkpoint, keeping
  // 256 names of 500 KB 128 MB; the name caches hold 256 names of at most 64 characters.
  for (const after of [heap[3], heap[4]]) {
    const growth = after - heap[0];
    assert(growth < 20 * 1024 * 1024, `heap grew ${(growth / 1048576).toFixed(1)} MB: ${heap}`);
  }
});

Deno.test("expand() and endpoint() on the TS engine expand 3e7 encoded characters in a 128 MB heap", async () => {
  // 1e7 spaces, each written %20: the output's own 30 MB, the input's 10 MB, and working memory
  // near the output's size (about 63 MB in all is enough). Built by +=, the output would be a rope
  // of about 11 bytes per character (330 MB), and V8 would abort the process, out of memory.
  const output = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--v8-flags=--max-old-space-size=128",
      new URL("./fixtures/long_output.ts", import.meta.url).pathname,
      String(10_000_000),
    ],
  }).output();
  const stderr = new TextDecoder().decode(output.stderr);
  assert(output.success, `exit code ${output.code}: ${stderr.slice(0, 500)}`);
  assertEquals(JSON.parse(new TextDecoder().decode(output.stdout)), {
    lengths: [30_000_000, 30_000_025, 30_000_027],
  });
});

for (const engine of ENGINES) {
  Deno.test(`expand() handles a 10 MB value or throws RangeError (${engine} engine)`, () => {
    const size = 10 * 1024 * 1024;
    const cases: [string, string, (result: string) => boolean][] = [
      ["{x}", "a".repeat(size), (result) => result.length === size],
      ["{+x}", "/%".repeat(size / 2), (result) => result.length === size / 2 * 4],
      ["{?x}", "é".repeat(size / 4), (result) => result.length === 3 + size / 4 * 6],
    ];
    for (const [template, value, check] of cases) {
      try {
        const result = expand(template, { x: value }, { engine });
        assert(check(result), `${template}: wrong length ${result.length}`);
      } catch (error) {
        assert(error instanceof RangeError, `${template}: ${error}`);
      }
    }
  });
}

Deno.test("endpoint() handles a 10 MB path value or throws RangeError", () => {
  const value = "b".repeat(10 * 1024 * 1024);
  try {
    const { url } = endpoint("GET /repos/{owner}/x", { owner: value });
    assertEquals(url.length, "https://api.github.com/repos//x".length + value.length);
  } catch (error) {
    assert(error instanceof RangeError, String(error));
  }
});
