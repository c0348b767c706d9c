/**
 * The expander against the npm peers: pre-parsed expansion of a realistic
 * template, both engines on long values, and parse+expand of every RFC example.
 * Every expansion is read (see `read`), since whoever expands a URL uses it.
 */
import { bench, read } from "./_bench.ts";
import { expand, parseTemplate } from "@routecast/endpoint/uri-template";
import { ENGINES } from "../tests/_engines.ts";
import UriTemplates from "uri-templates";
import { parseTemplate as urlTemplateParse } from "url-template";
import { StdUriTemplate } from "@std-uritemplate/std-uritemplate";
import { REALISTIC, STRING_VARIABLES, VARIABLES } from "./_workloads.ts";

const uriTemplates = new UriTemplates(REALISTIC);
const urlTemplate = urlTemplateParse(REALISTIC);
const preParsed = ENGINES.map((engine) => parseTemplate(REALISTIC, { engine }));

for (const template of preParsed) {
  bench(`routecast (${template.engine})`, {
    group: "pre-parsed realistic template",
    baseline: template.engine === "ts",
  }, () => {
    read(template.expand(VARIABLES));
  });
}
bench("uri-templates", { group: "pre-parsed realistic template" }, () => {
  read(uriTemplates.fill!(STRING_VARIABLES));
});
bench("url-template", { group: "pre-parsed realistic template" }, () => {
  read(urlTemplate.expand(STRING_VARIABLES));
});

// Long values, where the cost of crossing into WebAssembly is spread over
// more work: prose (spaces and punctuation to encode), a token (nothing to
// encode, the TS engine's best case) and non-ASCII text; 4096 UTF-16 code
// units each.
const LONG_VALUES: Record<string, string> = {
  "4 KB ASCII text": "The quick brown fox jumps over the lazy dog; 0123456789 (a+b) ~! "
    .repeat(70).slice(0, 4096),
  "4 KB ASCII token": "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~"
    .repeat(70).slice(0, 4096),
  "4 KB non-ASCII text": "Grüße aus Köln, 日本語のテキスト, emoji 😀 — ".repeat(200).slice(0, 4096),
};
for (const [label, value] of Object.entries(LONG_VALUES)) {
  for (const engine of ENGINES) {
    const template = parseTemplate("/search{?q}", { engine });
    bench(`routecast (${engine})`, { group: label, baseline: engine === "ts" }, () => {
      read(template.expand({ q: value }));
    });
  }
}

interface Group {
  variables: Record<string, unknown>;
  testcases: [string, unknown][];
}
const examples: [string, Record<string, unknown>][] = [];
for (const file of ["spec-examples.json"]) {
  const groups: Record<string, Group> = JSON.parse(
    await Deno.readTextFile(new URL(`../tests/testdata/uritemplate-test/${file}`, import.meta.url)),
  );
  for (const group of Object.values(groups)) {
    for (const [template] of group.testcases) examples.push([template, group.variables]);
  }
}

for (const engine of ENGINES) {
  bench(`routecast (${engine})`, {
    group: "parse+expand all spec examples",
    baseline: engine === "ts",
  }, () => {
    for (const [template, variables] of examples) read(expand(template, variables, { engine }));
  });
}
bench("@std-uritemplate/std-uritemplate", { group: "parse+expand all spec examples" }, () => {
  for (const [template, variables] of examples) {
    read(
      StdUriTemplate.expand(template, variables as Parameters<typeof StdUriTemplate.expand>[1]),
    );
  }
});

// Cold path: every call sees template text it has not seen before (a fresh
// literal suffix), so nothing comes from the compiled-template cache.
let fresh = 0;
for (const engine of ENGINES) {
  bench(`routecast (${engine})`, {
    group: "parse+expand all spec examples, cold",
    baseline: engine === "ts",
  }, () => {
    const suffix = `/${fresh++}`;
    for (const [template, variables] of examples) {
      read(expand(template + suffix, variables, { engine }));
    }
  });
}
bench("@std-uritemplate/std-uritemplate", {
  group: "parse+expand all spec examples, cold",
}, () => {
  const suffix = `/${fresh++}`;
  for (const [template, variables] of examples) {
    read(StdUriTemplate.expand(
      template + suffix,
      variables as Parameters<typeof StdUriTemplate.expand>[1],
    ));
  }
});
