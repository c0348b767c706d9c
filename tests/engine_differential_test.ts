/**
 * The two engines against each other, and "auto" (which picks one per call)
 * against both: for generated templates (well-formed and not) and values,
 * all must give the same output, or the same error (class, message, index).
 */
import {
  type EngineName,
  parseTemplate,
  type TemplateVariables,
} from "@routecast/endpoint/uri-template";
import { assertEquals } from "@std/assert";
import fc from "fast-check";
import { assertProperty } from "./_fc.ts";

type Outcome =
  | { output: string }
  | { error: string; message: string; index?: number; template?: string };

function run(template: string, variables: TemplateVariables, engine: EngineName): Outcome {
  try {
    return { output: parseTemplate(template, { engine }).expand(variables) };
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    const { index, template } = error as Error & { index?: number; template?: string };
    return { error: error.constructor.name, message: error.message, index, template };
  }
}

function assertSameOutcome(template: string, variables: TemplateVariables): void {
  assertEquals(run(template, variables, "wasm"), run(template, variables, "ts"));
}

// Text that exercises encoding: reserved and unreserved ASCII, `%` with and
// without hex digits, braces, BMP and astral characters, lone surrogates.
const PIECES = [
  "a",
  "Z",
  "0",
  "-",
  ".",
  "_",
  "~",
  " ",
  "!",
  "'",
  "(",
  "*",
  "+",
  ",",
  "/",
  ":",
  ";",
  "=",
  "?",
  "@",
  "[",
  "]",
  "#",
  "&",
  "$",
  '"',
  "<",
  "\\",
  "^",
  "`",
  "|",
  "%",
  "%2F",
  "%2f",
  "%zz",
  "%4",
  "%%41",
  "{",
  "}",
  "é",
  "ü",
  "€",
  "日本",
  "😀",
  "𝄞",
  "\ud83d",
  "\ude00",
  "\ud800x",
  "\u0000",
  "\u007f",
  "\u0080",
  "\u07ff",
  "\u0800",
  "\uffff",
  "\ufffd",
];
const text = fc.oneof(
  fc.array(fc.constantFrom(...PIECES), { maxLength: 8 }).map((pieces) => pieces.join("")),
  fc.string({ unit: "binary", maxLength: 12 }),
  fc.string({ unit: "grapheme-ascii", maxLength: 12 }),
  // Longer than the glue's short-string loop.
  fc.array(fc.constantFrom(...PIECES), { minLength: 20, maxLength: 60 })
    .map((pieces) => pieces.join("")),
);

const NAMES = ["a", "b", "list", "map", "x.y", "%41", "_1"];
const name = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...NAMES) },
  { weight: 1, arbitrary: fc.constantFrom("", ".", "a.", "a..b", "😀", "a b", "%4", "%zz", "{a") },
);
const modifier = fc.oneof(
  { weight: 6, arbitrary: fc.constant("") },
  { weight: 2, arbitrary: fc.constant("*") },
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 12 }).map((n) => `:${n}`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(":", ":0", ":01", ":9999", ":10000", ":x", "**", ":2*", "*:2"),
  },
);
const operator = fc.constantFrom(
  "",
  "",
  "+",
  "#",
  ".",
  "/",
  ";",
  "?",
  "&",
  "=",
  ",",
  "!",
  "@",
  "|",
);
const expression = fc.tuple(
  operator,
  fc.array(fc.tuple(name, modifier).map(([n, m]) => n + m), { minLength: 1, maxLength: 3 }),
  fc.constantFrom("}", "}", "}", "}", "", ",}", "}}"),
).map(([op, specs, close]) => `{${op}${specs.join(",")}${close}`);
const template = fc.array(fc.oneof(expression, text), { maxLength: 5 }).map((parts) =>
  parts.join("")
);

const scalar = fc.oneof(
  { weight: 6, arbitrary: text },
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.bigInt(),
      fc.constant(new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 6))),
    ),
  },
);
const member = fc.oneof({ weight: 5, arbitrary: scalar }, fc.constantFrom(null, undefined));
const value = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.constantFrom(null, undefined, "", [], {}) },
  { weight: 2, arbitrary: fc.array(member, { maxLength: 4 }) },
  { weight: 2, arbitrary: fc.dictionary(text, member, { maxKeys: 4 }) },
  {
    weight: 1,
    arbitrary: fc.array(fc.tuple(scalar, member), { maxLength: 3 }).map((entries) =>
      new Map(entries)
    ),
  },
  // Values neither engine can expand.
  { weight: 1, arbitrary: fc.constantFrom(() => 1, Symbol("s"), [["nested"]], { a: {} }) },
);
const variables = fc.record(
  Object.fromEntries(NAMES.map((n) => [n, value])),
  { requiredKeys: [] },
);

Deno.test("both engines give the same output or the same error for any template and values", () => {
  assertProperty(fc.property(template, variables, assertSameOutcome), 20_000);
});

Deno.test("both engines agree on every operator and modifier for any values", () => {
  const specs = fc.array(
    fc.tuple(fc.constantFrom(...NAMES), fc.constantFrom("", "*", ":1", ":3", ":40")),
    { minLength: 1, maxLength: 4 },
  );
  const wellFormed = fc.tuple(fc.constantFrom("", "+", "#", ".", "/", ";", "?", "&"), specs)
    .map(([op, list]) => `{${op}${list.map(([n, m]) => n + m).join(",")}}`);
  assertProperty(fc.property(wellFormed, variables, assertSameOutcome), 10_000);
});

Deno.test("both engines encode every character below U+0100 and each surrogate alike", () => {
  const units = [...Array.from({ length: 256 }, (_, i) => i), 0xd800, 0xdbff, 0xdc00, 0xdfff];
  for (const unit of units) {
    const char = String.fromCharCode(unit);
    const pair = `%${char}A${char}${char}`;
    for (const template of ["{x}", "{+x}", "{#x:2}", "{?x}", `a${char}b{x}`, `%4${char}`]) {
      assertSameOutcome(template, { x: pair });
      assertSameOutcome(template, { x: [char, pair] });
    }
  }
});

// Values on both sides of the length at which "auto" switches engines.
const longText = fc.array(fc.constantFrom(...PIECES), { minLength: 30, maxLength: 150 })
  .map((pieces) => pieces.join(""));
const mixedVariables = fc.record(
  Object.fromEntries(NAMES.map((n) => [
    n,
    fc.oneof(value, longText, fc.array(longText, { maxLength: 3 }), fc.dictionary(text, longText)),
  ])),
  { requiredKeys: [] },
);

Deno.test('"auto" gives the engines\' output or error for any template and short or long values', () => {
  fc.assert(
    fc.property(template, mixedVariables, (template, variables) => {
      const ts = run(template, variables, "ts");
      assertEquals(run(template, variables, "auto"), ts);
      assertEquals(run(template, variables, "wasm"), ts);
    }),
    { numRuns: 5_000 },
  );
});

// Past 64K characters of output, the TS engine copies what it built so far flat, chunk by chunk.
const OPERATORS = ["", "+", "#", ".", "/", ";", "?", "&"];

Deno.test("both engines encode long values alike, across the TS engine's chunks", () => {
  const long = fc.array(fc.constantFrom(...PIECES), { minLength: 200, maxLength: 12_000 })
    .map((pieces) => pieces.join(""));
  assertProperty(
    fc.property(fc.constantFrom(...OPERATORS), long, (op, x) => {
      assertSameOutcome(`{${op}x}`, { x });
      assertSameOutcome(`{${op}x*}`, { x: [x, "a"] });
    }),
    300,
  );
  // Outputs of several chunks, each character written with 1 to 12 characters.
  for (const piece of ["😀", "é", "€", " ", "%41", "\ud800", "a b"]) {
    const x = piece.repeat(100_000 / piece.length);
    for (const op of ["", "+"]) assertSameOutcome(`{${op}x}ab`, { x });
  }
});
