/**
 * The documentation a reader can reach: README.md is short, every relative
 * link of README.md, docs/, SECURITY.md and CONTRIBUTING.md resolves to a
 * file (and heading) in the repository, JSR publishes every page the README
 * links to, and the pages a user reads name no file the packages do not
 * ship, no issue number and no internal decision file.
 */
import { assert, assertEquals } from "@std/assert";
import { readmeBytes, SIZE_VERSION } from "../scripts/sync_version.ts";

const ROOT = new URL("../", import.meta.url);
const USER_PAGES = [
  "README.md",
  "SECURITY.md",
  "docs/any-api.md",
  "docs/api.md",
  "docs/cli.md",
  "docs/design.md",
  "docs/octokit.md",
  "docs/performance.md",
];
const PAGES = [...USER_PAGES, "CONTRIBUTING.md"];

async function read(path: string): Promise<string> {
  return await Deno.readTextFile(new URL(path, ROOT));
}

/** GitHub's anchor for a heading: lowercase, punctuation dropped, spaces to `-`. */
function anchor(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");
}

/** The anchors of a Markdown page's headings (outside code blocks). */
function anchors(text: string): Set<string> {
  const found = new Set<string>();
  let fenced = false;
  for (const line of text.split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    else if (!fenced && /^#{1,6} /.test(line)) found.add(anchor(line.replace(/^#+ /, "")));
  }
  return found;
}

/** The relative links of a Markdown page, outside code: `[text](target)`. */
function links(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1])
    .filter((target) => !/^[a-z]+:/.test(target));
}

function resolve(page: string, target: string): { path: string; hash: string } {
  const [path, hash = ""] = target.split("#");
  if (path === "") return { path: page, hash };
  return { path: new URL(path, new URL(page, ROOT)).pathname.slice(ROOT.pathname.length), hash };
}

Deno.test(`README.md is at most 12 KB at version ${SIZE_VERSION}`, async () => {
  // Any release's README measures the same: its version does not count (see readmeBytes()).
  const size = readmeBytes(await read("README.md"));
  assert(size <= 12 * 1024, `README.md is ${size} B at version ${SIZE_VERSION}`);
});

Deno.test("every relative link of the documentation resolves, headings included", async () => {
  const broken: string[] = [];
  for (const page of PAGES) {
    for (const target of links(await read(page))) {
      const { path, hash } = resolve(page, target);
      let text: string;
      try {
        text = await read(path);
      } catch {
        try {
          await Deno.stat(new URL(path, ROOT));
          if (hash === "") continue;
        } catch {
          // neither a file nor a folder
        }
        broken.push(`${page}: ${target} (no such file)`);
        continue;
      }
      if (hash !== "" && !anchors(text).has(hash)) {
        broken.push(`${page}: ${target} (no such heading)`);
      }
    }
  }
  assertEquals(broken, []);
});

Deno.test("JSR publishes every page the README links to, and the user pages", async () => {
  const config = JSON.parse(await read("deno.json"));
  const excluded: string[] = config.publish?.exclude ?? [];
  const linked = links(await read("README.md")).map((target) => resolve("README.md", target).path);
  for (const path of new Set([...linked, ...USER_PAGES])) {
    const hidden = excluded.find((pattern) =>
      path === pattern || path.startsWith(pattern.endsWith("/") ? pattern : pattern + "/")
    );
    assertEquals(hidden, undefined, `${path} is excluded from the JSR package by "${hidden}"`);
  }
});

Deno.test("the user pages name no unshipped file, issue number or internal decision file", async () => {
  const found: string[] = [];
  for (const page of USER_PAGES) {
    const text = await read(page);
    for (
      const [pattern, what] of [
        [
          /\]\((\.\.\/)?(tests|src|scripts|benchmarks|uritemplate-wasm)\//,
          "a link into the repository's code",
        ],
        [
          /\b(tests|scripts|benchmarks)\/[\w./-]+\.(ts|mjs|cjs|json)\b/,
          "a path the packages do not ship",
        ],
        [/\bDECISIONS(\.md)?\b/, "the internal decisions file"],
        [/\b[Ii]ssue \d+\b|(?<![\w.)/])#\d+(?![\w-])/, "an issue number"],
      ] as const
    ) {
      const match = text.match(pattern);
      if (match !== null) found.push(`${page}: ${what}: ${match[0]}`);
    }
  }
  assertEquals(found, []);
});
