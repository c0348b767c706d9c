/**
 * The scanner the endpoint half shares: parts, operators in appendix A
 * order, and `-` in variable names only when asked for (DECISIONS.md rule 18).
 */
import { Operator, parseSyntax } from "../src/uri_template/_syntax.ts";
import { parseTemplate, UriTemplateError } from "@routecast/endpoint/uri-template";
import { assertEquals, assertThrows } from "@std/assert";

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
