/**
 * The repository's public URL is one setting, deno.json's `repository`: the
 * pages' generated link blocks and the package READMEs' links come from it
 * (tests/package_test.ts checks the built package.json files), and the
 * release refuses a URL a reader cannot follow (tests/release_test.ts runs
 * it).
 */
import { assert, assertEquals, assertStringIncludes, assertThrows } from "@std/assert";
import {
  blockEnd,
  blockStart,
  checkRepository,
  packageFields,
  packageReadme,
  REPOSITORY_BLOCKS,
  repositoryLinks,
  repositoryProblem,
  withRepositoryBlocks,
} from "../scripts/_repository.ts";

const ROOT = new URL("../", import.meta.url);
const config = JSON.parse(await Deno.readTextFile(new URL("deno.json", ROOT)));

/** Text with runs of whitespace as one space: `deno fmt` may rewrap a block. */
function words(text: string): string {
  return text.replace(/\s+/g, " ");
}

Deno.test("repositoryProblem() takes an https: URL of a repository's web page, nothing else", () => {
  assertEquals(repositoryProblem("https://github.com/routecast/routecast"), undefined);
  assertEquals(repositoryProblem("https://git.example.com:8443/group/sub/name"), undefined);
  const refused: [unknown, string][] = [
    [undefined, "it is not set"],
    [{ type: "git", url: "git+https://github.com/o/r.git" }, "it is not a string (object)"],
    ["", '"" is not a URL'],
    ["github.com/o/r", "is not a URL"],
    ["http://github.com/o/r", "is not an https: URL"],
    ["git+https://github.com/o/r.git", "is not an https: URL"],
    ["git@github.com:o/r.git", "is not a URL"],
    ["ssh://git@github.com/o/r", "is not an https: URL"],
    ["file:///srv/git/r", "is not an https: URL"],
    ["https://user:token@github.com/o/r", "has credentials"],
    ["https://ghp_token@github.com/o/r", "has credentials"],
    ["https://github.com/o/r?tab=readme", "has a query or a fragment"],
    ["https://github.com/o/r#readme", "has a query or a fragment"],
    ["https://github.com", "names no repository"],
    ["https://github.com/", "names no repository"],
    ["https://github.com/o/r/", 'ends with "/" or ".git"'],
    ["https://github.com/o/r.git", 'ends with "/" or ".git"'],
  ];
  for (const [url, problem] of refused) {
    const found = repositoryProblem(url);
    assert(found?.includes(problem), `${JSON.stringify(url)}: ${found}`);
    assertThrows(() => checkRepository(url), Error, problem);
  }
  assert(!repositoryProblem("https://user:token@github.com/o/r")?.includes("token"));
});

Deno.test("deno.json names the repository's public URL", () => {
  assertEquals(repositoryProblem(config.repository), undefined);
  assertEquals(checkRepository(config.repository), config.repository);
});

Deno.test("packageFields() and packageReadme() derive every link from the one URL", () => {
  const url = "https://example.com/o/r";
  assertEquals(packageFields(url), {
    repository: { type: "git", url: "git+https://example.com/o/r.git" },
    bugs: { url: "https://example.com/o/r/issues" },
    homepage: "https://example.com/o/r#readme",
  });
  assertEquals(repositoryLinks(url), {
    repository: url,
    issues: `${url}/issues`,
    advisories: `${url}/security/advisories/new`,
  });
  assertEquals(
    packageReadme("{{VERSION}} {{REPOSITORY}} {{ISSUES}} {{ADVISORIES}} {{VERSION}}", "2.0.0", url),
    `2.0.0 ${url} ${url}/issues ${url}/security/advisories/new 2.0.0`,
  );
});

Deno.test("the package READMEs link the repository, its issues and its advisories, from the setting", async () => {
  for (const name of ["endpoint", "octokit-endpoint"]) {
    const template = await Deno.readTextFile(new URL(`scripts/package_readme/${name}.md`, ROOT));
    for (const placeholder of ["{{REPOSITORY}}", "{{ISSUES}}", "{{ADVISORIES}}"]) {
      assertStringIncludes(template, placeholder, name);
    }
    // No link typed by hand: a second URL would go stale.
    assertEquals(template.match(/https:\/\/github\.com\/routecast\b/g), null, name);
  }
});

Deno.test("README.md and SECURITY.md: the repository's links are generated and not stale (run `deno task sync-version`)", async () => {
  for (const [page, blocks] of Object.entries(REPOSITORY_BLOCKS)) {
    const text = await Deno.readTextFile(new URL(page, ROOT));
    for (const name of Object.keys(blocks)) {
      assertEquals(text.split(blockStart(name)).length, 2, `${page}: one "${name}" block`);
      assertEquals(text.split(blockEnd(name)).length, 2, `${page}: one "${name}" block end`);
    }
    assertEquals(
      words(text),
      words(withRepositoryBlocks(text, page, config.repository)),
      `${page} is stale`,
    );
    // The URL appears only inside the generated blocks.
    let outside = text;
    for (const name of Object.keys(blocks)) {
      outside = outside.slice(0, outside.indexOf(blockStart(name))) +
        outside.slice(outside.indexOf(blockEnd(name)));
    }
    assert(!outside.includes(config.repository), `${page} names the URL outside its blocks`);
  }
  const readme = await Deno.readTextFile(new URL("README.md", ROOT));
  const { issues, advisories } = repositoryLinks(config.repository);
  assertStringIncludes(readme, `(${issues})`);
  assertStringIncludes(readme, `(${advisories})`);
  const security = await Deno.readTextFile(new URL("SECURITY.md", ROOT));
  assertStringIncludes(security, `(${advisories})`);
});

Deno.test("withRepositoryBlocks() leaves the fresh pages as they are, whatever their wrapping", async () => {
  for (const page of Object.keys(REPOSITORY_BLOCKS)) {
    const text = await Deno.readTextFile(new URL(page, ROOT));
    assertEquals(withRepositoryBlocks(text, page, config.repository), text, page);
  }
  const rewrapped = `${blockStart("links")}\n\n${
    REPOSITORY_BLOCKS["README.md"].links(repositoryLinks("https://example.com/o/r")).replaceAll(
      " ",
      "\n",
    )
  }\n${blockEnd("links")}\n`;
  assertEquals(withRepositoryBlocks(rewrapped, "README.md", "https://example.com/o/r"), rewrapped);
});

Deno.test("withRepositoryBlocks() rewrites a stale block and refuses a page without one", () => {
  const page = `a\n${blockStart("report")}\nold text\n${blockEnd("report")}\nb\n`;
  const fresh = withRepositoryBlocks(page, "SECURITY.md", "https://example.com/o/r");
  assert(!fresh.includes("old text"));
  assertStringIncludes(fresh, "(https://example.com/o/r/security/advisories/new)");
  assert(fresh.startsWith("a\n") && fresh.endsWith(`${blockEnd("report")}\nb\n`));
  assertThrows(
    () => withRepositoryBlocks("no markers", "SECURITY.md", "https://example.com/o/r"),
    Error,
    'SECURITY.md lacks the generated block "report"',
  );
});
