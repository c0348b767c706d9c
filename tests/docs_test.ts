/**
 * The documentation a reader can reach: README.md is short, every relative
 * link of README.md, docs/, SECURITY.md and CONTRIBUTING.md resolves to a
 * file (and heading) in the repository, JSR publishes every page the README
 * links to, the pages a user reads name no file the packages do not ship, no
 * issue number and no internal decision file, and their examples run
 * unchanged under Node.js (ESM and CommonJS, on the npm build) and Deno.
 */
import * as esbuild from "esbuild";
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

/** The TypeScript examples of the user pages: each ```ts block, as `deno test --doc` runs them. */
async function examples(): Promise<{ page: string; line: number; code: string }[]> {
  const found: { page: string; line: number; code: string }[] = [];
  for (const page of USER_PAGES) {
    const lines = (await read(page)).split("\n");
    for (let i = 0; i < lines.length; i++) {
      if (lines[i] !== "```ts") continue;
      const end = lines.indexOf("```", i + 1);
      found.push({ page, line: i + 1, code: lines.slice(i + 1, end).join("\n") });
      i = end;
    }
  }
  return found;
}

/** Module specifiers a reader of the pages has: Node.js's and Deno's built-ins and the package. */
const READER_HAS = /^(node:[\w/]+|@routecast\/endpoint(\/[\w/-]+)?)$/;

Deno.test("the examples import only what a Node.js or Deno user has (node:assert/strict, not @std/assert)", async () => {
  const found: string[] = [];
  for (const { page, line, code } of await examples()) {
    for (
      const [statement, typeOnly, specifier] of code.matchAll(
        /^import (type )?[^;]*?from "([^"]+)";/gm,
      )
    ) {
      // A type-only import is erased: it needs nothing at run time.
      if (typeOnly === undefined && !READER_HAS.test(specifier)) {
        found.push(`${page}:${line}: ${statement}`);
      }
    }
  }
  assertEquals(found, []);
});

Deno.test("the examples run unchanged under Node.js ESM, Node.js CommonJS (the npm build) and Deno", async () => {
  const all = await examples();
  assert(all.length >= 11, `only ${all.length} examples`);
  const npm = new URL("npm/package.json", ROOT);
  await Deno.stat(npm).catch(() => {
    throw new Error("npm/ is not built: run `deno task build:npm` first (deno task test does)");
  });
  const dir = await Deno.makeTempDir({ prefix: "routecast_examples_" });
  try {
    await Deno.mkdir(`${dir}/node_modules/@routecast`, { recursive: true });
    await Deno.symlink(new URL("npm", ROOT).pathname, `${dir}/node_modules/@routecast/endpoint`);
    // One process per format: each example is a module of its own, imported (required) in turn.
    const runner = (load: string) =>
      `const results = [];
const log = console.log;
console.log = () => {};
for (let i = 0; i < ${all.length}; i++) {
  try {
    ${load};
    results.push("ok");
  } catch (error) {
    results.push(String(error?.stack ?? error).split("\\n").slice(0, 3).join(" "));
  }
}
log(JSON.stringify(results));
`;
    for (const [index, { code }] of all.entries()) {
      for (const format of ["esm", "cjs"] as const) {
        const { code: js } = await esbuild.transform(code, { loader: "ts", format });
        await Deno.writeTextFile(`${dir}/example_${index}.${format === "esm" ? "mjs" : "cjs"}`, js);
      }
      await Deno.writeTextFile(`${dir}/example_${index}.ts`, code);
    }
    await Deno.writeTextFile(`${dir}/run.mjs`, runner("await import(`./example_${i}.mjs`)"));
    await Deno.writeTextFile(`${dir}/run.cjs`, runner("require(`./example_${i}.cjs`)"));
    await Deno.writeTextFile(`${dir}/run.ts`, runner("await import(`./example_${i}.ts`)"));
    const runs: [string, string, string[]][] = [
      ["Node.js ESM", "node", ["run.mjs"]],
      ["Node.js CommonJS", "node", ["run.cjs"]],
      // deno.json's imports stand for `deno add jsr:@routecast/endpoint`.
      ["Deno", Deno.execPath(), [
        "run",
        "--no-check",
        "--allow-read",
        // The quick start of docs/any-api.md writes its description to a file first.
        "--allow-write",
        "--allow-env",
        "--config",
        new URL("deno.json", ROOT).pathname,
        "run.ts",
      ]],
    ];
    const failures: string[] = [];
    await Promise.all(runs.map(async ([name, command, args]) => {
      const { success, stdout, stderr } = await new Deno.Command(command, {
        args,
        cwd: dir,
        stdout: "piped",
        stderr: "piped",
      }).output();
      const text = new TextDecoder().decode(stdout).trim();
      if (!success || !text.startsWith("[")) {
        failures.push(`${name}: ${text} ${new TextDecoder().decode(stderr)}`);
        return;
      }
      for (const [index, result] of (JSON.parse(text) as string[]).entries()) {
        if (result !== "ok") {
          failures.push(`${name}: ${all[index].page}:${all[index].line}: ${result}`);
        }
      }
    }));
    assertEquals(failures, []);
  } finally {
    await esbuild.stop();
    await Deno.remove(dir, { recursive: true });
  }
});

/** A page's text with line breaks and runs of spaces as one space, so that a phrase may wrap. */
async function prose(page: string): Promise<string> {
  return (await read(page)).replace(/\s+/g, " ");
}

/** Every figure `pattern` (with one group) states on the pages, as `page: value`. */
async function stated(pattern: RegExp, pages: readonly string[]): Promise<Map<string, string[]>> {
  const values = new Map<string, string[]>();
  for (const page of pages) {
    for (const match of (await prose(page)).matchAll(pattern)) {
      values.set(match[1], [...values.get(match[1]) ?? [], page]);
    }
  }
  return values;
}

const PACKAGE_READMES = [
  "scripts/package_readme/endpoint.md",
  "scripts/package_readme/octokit-endpoint.md",
];

Deno.test("one number per fact: the pages state the same GitHub operations, W4 routes, workloads and scenarios, and the true ones", async () => {
  const { githubOperations } = await import("./_github_routes.ts");
  const { MIX } = await import("../benchmarks/_workloads.ts");
  const benchNode = await read("scripts/bench_node.mjs");
  const workloads = benchNode.match(/const WORKLOADS = \[([^\]]*)\]/)![1].split(",").length;
  const scenarios =
    (await read("tests/node/_octokit_scenarios.mjs")).match(/^ {2}"[^"]+": /gm)!.length;
  const operations = await githubOperations();
  const described = operations.filter((operation) => operation.sources.includes("openapi"));
  const pages = [...PAGES, ...PACKAGE_READMES];
  // any-api.md and cli.md count the operations of other APIs' descriptions.
  const github = pages.filter((page) => page !== "docs/any-api.md" && page !== "docs/cli.md");
  const facts: [string, RegExp, readonly string[], string][] = [
    [
      "GitHub operations",
      /\b(\d[\d,]*) (?:GitHub )?operations\b/g,
      github,
      operations.length.toLocaleString("en-US"),
    ],
    [
      "operations of GitHub's description",
      /\b(\d[\d,]*) of GitHub's published REST description/g,
      pages,
      described.length.toLocaleString("en-US"),
    ],
    [
      "operations only Octokit's methods plugin calls",
      /\band (\d+) more that Octokit's methods plugin/g,
      pages,
      String(operations.length - described.length),
    ],
    ["routes in W4", /\b(\d+)(?: real)? GitHub (?:REST )?routes\b/g, pages, String(MIX.length)],
    [
      "workloads of deno task bench:node",
      /bench:node`?[^.]*?\b(W1-W\d)\b/g,
      pages,
      `W1-W${workloads}`,
    ],
    ["Octokit scenarios", /(?<!identical in )\b(\d+) scenarios\b/g, pages, String(scenarios)],
  ];
  const problems: string[] = [];
  for (const [fact, pattern, where, truth] of facts) {
    const values = await stated(pattern, where);
    if (values.size === 0) problems.push(`${fact}: no page states it any more (update this test)`);
    for (const [value, on] of values) {
      if (value !== truth) {
        problems.push(`${fact}: ${on.join(", ")} say ${value}, the truth is ${truth}`);
      }
    }
  }
  assertEquals(problems, []);
});

Deno.test("docs/performance.md explains each workload before it first names it", async () => {
  const text = await read("docs/performance.md");
  const start = text.indexOf("### The workloads");
  const end = text.indexOf("\n#", start + 1);
  assert(start >= 0 && end > start, "docs/performance.md lacks its workloads section");
  const section = text.slice(start, end);
  const defined = [...section.matchAll(/^- \*\*(W\d)\*\* /gm)].map((match) => match[1]);
  for (const [name] of text.matchAll(/\bW\d\b/g)) {
    assert(defined.includes(name), `${name} is named but not explained`);
    assert(text.indexOf(name) >= start, `${name} is named before the workloads section`);
  }
  const { MIX } = await import("../benchmarks/_workloads.ts");
  assert(section.includes(`${MIX.length} real GitHub REST routes`));
});
