/**
 * Runs every case of the standard RFC 6570 suite (tests/testdata/uritemplate-test)
 * against each engine: a list of expected values means any of them; `false`
 * means the template (or the expansion) must throw `UriTemplateError`.
 */
import { expand, parseTemplate, UriTemplateError } from "@routecast/endpoint/uri-template";
import { assert, assertInstanceOf, fail } from "@std/assert";
import { ENGINES } from "./_engines.ts";

interface Group {
  level?: number;
  variables: Record<string, unknown>;
  testcases: [string, string | string[] | false][];
}

const FILES = [
  "spec-examples.json",
  "spec-examples-by-section.json",
  "extended-tests.json",
  "negative-tests.json",
];

const dataDir = new URL("./testdata/uritemplate-test/", import.meta.url);

for (const engine of ENGINES) {
  for (const file of FILES) {
    const groups: Record<string, Group> = JSON.parse(
      await Deno.readTextFile(new URL(file, dataDir)),
    );
    Deno.test(`expand() passes every case of ${file} (${engine} engine)`, () => {
      let cases = 0;
      for (const [groupName, group] of Object.entries(groups)) {
        for (const [template, expected] of group.testcases) {
          cases++;
          const where = `${file} / ${groupName} / ${JSON.stringify(template)}`;
          if (expected === false) {
            try {
              const result = expand(template, group.variables, { engine });
              fail(`${where}: expected UriTemplateError, got ${JSON.stringify(result)}`);
            } catch (error) {
              assertInstanceOf(error, UriTemplateError, `${where}: ${error}`);
              assert(error.template === template, where);
              assert(error.index >= 0 && error.index <= template.length, where);
            }
            continue;
          }
          const actual = expand(template, group.variables, { engine });
          const options = typeof expected === "string" ? [expected] : expected;
          assert(
            options.includes(actual),
            `${where}: got ${JSON.stringify(actual)}, expected ${
              options.map((o) => JSON.stringify(o)).join(" or ")
            }`,
          );
          assert(parseTemplate(template, { engine }).engine === engine, where);
        }
      }
      assert(cases > 30, `${file} has only ${cases} cases`);
    });
  }
}
