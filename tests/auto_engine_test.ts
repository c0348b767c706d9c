/**
 * `"auto"`, the default engine: which engine it runs for which inputs, seen
 * through the engine registry (a wrapper counts the calls that reach
 * WebAssembly), and its fallback to TypeScript.
 */
import { compileUrlTemplate, expand, parseTemplate } from "@routecast/endpoint/uri-template";
import type { CompiledTemplate, Engine } from "../src/uri_template/_engine.ts";
import { engines, LONG_INPUT } from "../src/uri_template/_engines.ts";
import { assertEquals } from "@std/assert";

let fresh = 0;
/** Template text no earlier test has parsed, so that it is compiled now. */
function freshTemplate(text: string): string {
  return `/auto/${fresh++}${text}`;
}

/** Runs `run` with `engines.wasm` replaced by `replace(original)`. */
function withWasm(replace: (original: Engine) => Engine, run: () => void): void {
  const original = engines.wasm;
  engines.wasm = replace(original);
  try {
    run();
  } finally {
    engines.wasm = original;
  }
}

/** The real WebAssembly engine, counting the templates it compiles and the expansions it runs. */
function counting(original: Engine, counts: { compiled: number; expanded: number }): Engine {
  return {
    name: "wasm",
    unavailable: () => original.unavailable(),
    compile(template: string): CompiledTemplate {
      counts.compiled++;
      const compiled = original.compile(template);
      return {
        variableNames: compiled.variableNames,
        expand(values) {
          counts.expanded++;
          return compiled.expand(values);
        },
      };
    },
  };
}

Deno.test("parseTemplate() expands short inputs on TypeScript and long ones on WebAssembly", () => {
  const counts = { compiled: 0, expanded: 0 };
  withWasm((original) => counting(original, counts), () => {
    const text = freshTemplate("{/a}{?list,map*}");
    const template = parseTemplate(text);
    const ts = parseTemplate(text, { engine: "ts" });
    const short: Record<string, unknown>[] = [
      { a: "x".repeat(LONG_INPUT - 1) },
      { a: "x".repeat(LONG_INPUT - 3), list: ["é"], map: { k: "" } },
      { list: Array(LONG_INPUT - 1).fill("y"), map: { "": "" } },
      { a: "", list: [], map: {} },
      { a: 1e21, list: [true, 12n], map: new Map([["k", new Date(0)]]) },
    ];
    for (const variables of short) assertEquals(template.expand(variables), ts.expand(variables));
    assertEquals(counts, { compiled: 0, expanded: 0 }, "short inputs reached WebAssembly");

    const long: Record<string, unknown>[] = [
      { a: "x".repeat(LONG_INPUT) },
      { a: "x".repeat(LONG_INPUT - 2), list: ["é", "ü"] },
      { list: Array(LONG_INPUT).fill("y") },
      { map: { ["k".repeat(LONG_INPUT / 2)]: "v".repeat(LONG_INPUT / 2) } },
      { a: "😀".repeat(LONG_INPUT) },
    ];
    for (const variables of long) assertEquals(template.expand(variables), ts.expand(variables));
    assertEquals(counts, { compiled: 1, expanded: long.length });
  });
});

Deno.test('expand() with "auto" falls back to TypeScript where WebAssembly fails for size or cannot run', () => {
  const tooLarge = (original: Engine): Engine => ({
    ...original,
    compile(template) {
      const compiled = original.compile(template);
      return {
        variableNames: compiled.variableNames,
        expand: () => {
          throw new RangeError("needs more than 256 MiB of WebAssembly memory");
        },
      };
    },
  });
  const cannotCompile = (original: Engine): Engine => ({
    ...original,
    compile: () => {
      throw new RangeError("needs more than 256 MiB of WebAssembly memory");
    },
  });
  const unavailable = (original: Engine): Engine => ({
    ...original,
    unavailable: () => "there is no WebAssembly global",
    compile: () => {
      throw new Error("compiled where WebAssembly cannot run");
    },
  });
  const value = "a b/é".repeat(LONG_INPUT);
  const expected = expand("{+x}{?x}", { x: value }, { engine: "ts" });
  for (const replace of [tooLarge, cannotCompile, unavailable]) {
    withWasm(replace, () => {
      const template = parseTemplate(freshTemplate("{+x}{?x}"));
      for (let i = 0; i < 2; i++) {
        assertEquals(template.expand({ x: value }), `/auto/${fresh - 1}${expected}`);
      }
    });
  }
});

Deno.test({
  name: "a route url with a dashed name expands long values on TypeScript, others on WebAssembly",
  ignore: engines.wasm.unavailable() !== undefined,
  fn() {
    const counts = { compiled: 0, expanded: 0 };
    withWasm((original) => counting(original, counts), () => {
      const long = "x".repeat(LONG_INPUT);
      // WebAssembly's scanner is strict RFC 6570: `-` in a name is not a varchar there.
      const dashed = compileUrlTemplate(freshTemplate("/{b-c}{?d-e}"));
      assertEquals(dashed.expand([long, "é"]), `${dashed.parts[0]}${long}?d-e=%C3%A9`);
      assertEquals(counts, { compiled: 0, expanded: 0 });
      const plain = compileUrlTemplate(freshTemplate("/{b}{?d}"));
      assertEquals(plain.expand([long, "é"]), `${plain.parts[0]}${long}?d=%C3%A9`);
      assertEquals(counts, { compiled: 1, expanded: 1 });
    });
  },
});
