/**
 * The scanner the endpoint half shares: parts, operators in appendix A
 * order, `-` in variable names only when asked for (docs/design.md rule 18),
 * and the one variable-name check.
 */
import { isVarname, Operator, parseSyntax } from "../src/uri_template/_syntax.ts";
import { parseTemplate, UriTemplateError } from "@routecast/endpoint/uri-template";
import { assert, assertEquals, assertThrows } from "@std/assert";

Deno.test("parseSyntax() returns encoded literal text and expressions with their operators", () => {
  const parts = parseSyntax("/a b/{x}{+y}{#z}{.l}{/p*}{;m}{?q:3}{&c}");
  assertEquals(parts[0], "/a%20b/");
  assertEquals(
    parts.slice(1).map((part) =>
      typeof part === "string" ? part : [part.op, part.specs[0].name, part.specs[0].index]
    ),
    [
      [Operator.Simple, "x", 6],
      [Operator.Reserved, "y", 10],
      [Operator.Fragment, "z", 14],
      [Operator.Label, "l", 18],
      [Operator.Path, "p", 22],
      [Operator.Param, "m", 27],
      [Operator.Query, "q", 31],
      [Operator.Continuation, "c", 37],
    ],
  );
  const query = parts[7];
  assertEquals(typeof query === "string" ? undefined : query.specs[0].prefix, 3);
});

Deno.test("parseSyntax() accepts - in names only with dashInNames", () => {
  const template = "/enterprises/{enterprise}/teams/{enterprise-team}{?-a,b-}";
  const parts = parseSyntax(template, { dashInNames: true });
  assertEquals(
    parts.flatMap((part) => typeof part === "string" ? [] : part.specs.map((spec) => spec.name)),
    ["enterprise", "enterprise-team", "-a", "b-"],
  );
  const error = assertThrows(() => parseSyntax(template), UriTemplateError);
  assertEquals(error.index, 43);
  assertEquals(
    error.message,
    `Invalid URI template "${template}": unexpected "-" at index 43, expected a modifier, "," or "}"`,
  );
  assertThrows(() => parseSyntax("{a-b}", { dashInNames: false }), UriTemplateError);
});

Deno.test("./uri-template stays RFC-strict: no '-' in variable names (rule 18)", () => {
  assertThrows(() => parseTemplate("{default-graph-uri}"), UriTemplateError);
});

Deno.test("isVarname() accepts exactly RFC 6570's varname, with - only when asked for", () => {
  const names = ["a", "A_1", "%41b", "a.b.c", "__proto__", "constructor", "url", "a%2Db"];
  for (const name of names) assert(isVarname(name) && isVarname(name, true), name);
  for (const name of ["a-b", "-", "enterprise-team", "a.-b", "b-.c"]) {
    assert(!isVarname(name), name);
    assert(isVarname(name, true), name);
  }
  const bad = [
    "",
    ".",
    ".a",
    "a.",
    "a..b",
    "a b",
    "a%4",
    "a%zz",
    "%",
    "a\r\nb",
    "a\0",
    "é",
    "a}",
    "{a}",
    "a,b",
    "a*",
    "a:1",
  ];
  for (const name of bad) {
    assert(!isVarname(name), name);
    assert(!isVarname(name, true), name);
  }
});

Deno.test("isVarname() agrees with the scanner, which refuses the same names with the same errors", () => {
  for (const dash of [false, true]) {
    for (const name of ["a", "a.b", "a-b", "a..b", "a.", ".a", "a%4", "a b", "%41.%42"]) {
      let parsed = true;
      try {
        // After a `,`: no operator reads the name's first character.
        parseSyntax(`{x,${name}}`, { dashInNames: dash });
      } catch (error) {
        assert(error instanceof UriTemplateError);
        parsed = false;
      }
      assertEquals(isVarname(name, dash), parsed, `${name} (dash: ${dash})`);
    }
  }
  // Where a name stops: the scanner's index is the first character that is not part of it.
  assertEquals(assertThrows(() => parseSyntax("{a..b}"), UriTemplateError).index, 3);
  assertEquals(assertThrows(() => parseSyntax("{a.}"), UriTemplateError).index, 3);
  assertEquals(assertThrows(() => parseSyntax("{.}"), UriTemplateError).index, 2);
  assertEquals(assertThrows(() => parseSyntax("{a."), UriTemplateError).index, 0);
  assertEquals(assertThrows(() => parseSyntax("{"), UriTemplateError).index, 0);
});

Deno.test("isVarname() is linear in a long name", () => {
  assert(isVarname("a.".repeat(100_000) + "a"));
  assert(!isVarname("a.".repeat(100_000)));
  assert(isVarname("%41".repeat(100_000)));
});
