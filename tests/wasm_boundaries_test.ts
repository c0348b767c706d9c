/**
 * The WebAssembly glue changes strategy at fixed sizes: outputs of up to 24
 * bytes are read one code at a time and up to 512 from a fixed window, value
 * strings of up to 32 code units are copied by a loop while ASCII, programs
 * over 1 KB get a buffer of their own. Random runs reach these edges only by
 * chance, so here each one is met on purpose, with ASCII and with non-ASCII
 * text at the edge, and checked against the TS engine and the length the
 * output must have.
 */
import { parseTemplate } from "@routecast/endpoint/uri-template";
import { assertEquals } from "@std/assert";

/** Lengths on each side of the glue's thresholds (24, 32, 512 and 1024 bytes). */
const EDGES = [
  0,
  1,
  7,
  8,
  9,
  16,
  23,
  24,
  25,
  31,
  32,
  33,
  64,
  255,
  256,
  257,
  510,
  511,
  512,
  513,
  514,
  515,
  516,
  517,
  518,
  519,
  520,
  1023,
  1024,
  1025,
  4096,
  4097,
];

function assertEnginesAgree(template: string, variables: Record<string, unknown>, length: number) {
  const label = `${template} with ${JSON.stringify(variables).slice(0, 60)}`;
  const ts = parseTemplate(template, { engine: "ts" }).expand(variables);
  assertEquals(ts.length, length, `TS engine, ${label}`);
  // Twice: the second expansion reuses the loaded program and any cached view.
  for (let i = 0; i < 2; i++) {
    assertEquals(parseTemplate(template, { engine: "wasm" }).expand(variables), ts, label);
  }
}

Deno.test("Template.expand() on WebAssembly gives the TS output at each output-size edge", () => {
  for (const length of EDGES) {
    assertEnginesAgree("{x}", { x: "a".repeat(length) }, length);
    if (length >= 3) assertEnginesAgree("/{x}/", { x: "b".repeat(length - 2) }, length);
    // Two outputs of the same length in a row, different text: nothing read is stale.
    assertEnginesAgree("{x}", { x: "c".repeat(length) }, length);
    if (length >= 6) {
      // A multi-byte character encoded as the last bytes, and as the first.
      assertEnginesAgree("{x}", { x: "a".repeat(length - 6) + "é" }, length);
      assertEnginesAgree("{x}", { x: "é" + "a".repeat(length - 6) }, length);
    }
    if (length >= 12) {
      // An astral character (two code units, four bytes) at the edge.
      assertEnginesAgree("{x}", { x: "a".repeat(length - 12) + "😀" }, length);
    }
    if (length >= 9) {
      // A lone surrogate becomes U+FFFD, %EF%BF%BD.
      assertEnginesAgree("{x}", { x: "a".repeat(length - 9) + "\ud800" }, length);
    }
    if (length >= 8) {
      assertEnginesAgree("{?q}", { q: "d".repeat(length - 3) }, length);
      assertEnginesAgree("{?list}", { list: ["e".repeat(length - 8), "f"] }, length);
    }
  }
});

Deno.test("Template.expand() on WebAssembly copies value strings alike on each side of 32 units", () => {
  for (const length of [1, 30, 31, 32, 33, 34, 64, 65]) {
    for (
      const [label, value] of [
        ["ASCII", "a".repeat(length)],
        ["non-ASCII last", "a".repeat(length - 1) + "ü"],
        ["non-ASCII first", "ü" + "a".repeat(length - 1)],
        ["astral last", "a".repeat(Math.max(0, length - 2)) + "😀"],
        ["lone surrogate last", "a".repeat(length - 1) + "\udc00"],
        ["reserved", "/?#".repeat(length).slice(0, length)],
      ]
    ) {
      const ts = parseTemplate("{+x}", { engine: "ts" }).expand({ x: value });
      const wasm = parseTemplate("{+x}", { engine: "wasm" }).expand({ x: value });
      assertEquals(wasm, ts, `${label}, ${length} units`);
      assertEquals(
        parseTemplate("{x}", { engine: "wasm" }).expand({ x: value }),
        // RFC 6570 simple expansion: encodeURIComponent, also encoding !'()*.
        encodeURIComponent(value.toWellFormed()).replace(
          /[!'()*]/g,
          (char) => "%" + char.charCodeAt(0).toString(16).toUpperCase(),
        ),
        `${label}, ${length} units, simple`,
      );
    }
  }
});

Deno.test("Template.expand() on WebAssembly runs programs on each side of 1 KB", () => {
  // Each {/xN} expression adds a few bytes of program: 40 to 400 of them
  // cover programs from well below to well above the 1 KB threshold.
  for (let count = 40; count <= 400; count += 9) {
    let template = "";
    const variables: Record<string, string> = {};
    for (let i = 0; i < count; i++) {
      template += `{/x${i}}`;
      variables[`x${i}`] = i % 3 === 0 ? "é" : String(i);
    }
    const ts = parseTemplate(template, { engine: "ts" }).expand(variables);
    assertEquals(parseTemplate(template, { engine: "wasm" }).expand(variables), ts, `${count}`);
  }
});

Deno.test("Template.expand() on WebAssembly never reads a triplet past the end of a value", () => {
  // Memory first holds hex digits, so a read past a value's end would find some.
  const fill = "A".repeat(600);
  for (const template of ["{+x}", "{#x}", "{+x,y}", "{+x}{+y}"]) {
    for (const x of ["%", "%4", "a%", "a%4", "ab%", "ab%4", "abc%4", "%4%", "%%4"]) {
      const variables = { x, y: "%4" };
      parseTemplate("{+x}{+y}", { engine: "wasm" }).expand({ x: fill, y: fill });
      const ts = parseTemplate(template, { engine: "ts" }).expand(variables);
      assertEquals(parseTemplate(template, { engine: "wasm" }).expand(variables), ts, x);
      assertEquals(ts.includes("%4A"), false);
    }
  }
});
