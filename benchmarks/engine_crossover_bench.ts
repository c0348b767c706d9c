/**
 * Where WebAssembly starts to pay: both engines expanding `{?q}` with values
 * of 16 to 8192 characters, of three kinds (prose with characters to encode,
 * a token with nothing to encode, non-ASCII text). `"auto"` switches engines
 * at `LONG_INPUT` characters (src/uri_template/_template.ts), set from these
 * results (README, "Two engines"). Run only in a full `deno bench`, not per
 * group by scripts/bench_report.ts.
 */
import { isFullRun, read } from "./_bench.ts";
import { parseTemplate } from "@routecast/endpoint/uri-template";

const KINDS: Record<string, string> = {
  prose: "The quick brown fox jumps over the lazy dog; 0123456789 (a+b) ~! ",
  token: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~",
  "non-ASCII": "Grüße aus Köln, 日本語のテキスト, emoji 😀 — ",
};
const LENGTHS = [16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192];

if (isFullRun()) {
  for (const [kind, text] of Object.entries(KINDS)) {
    for (const length of LENGTHS) {
      const variables = { q: text.repeat(Math.ceil(length / text.length)).slice(0, length) };
      for (const engine of ["ts", "wasm"] as const) {
        const template = parseTemplate("/search{?q}", { engine });
        Deno.bench(`${engine}`, {
          group: `crossover: ${kind}, ${length} chars`,
          baseline: engine === "ts",
        }, () => {
          read(template.expand(variables));
        });
      }
    }
  }
}
