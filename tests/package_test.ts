/**
 * The npm packages as a consumer gets them: `npm pack` npm/ and
 * npm-octokit-endpoint/ (built by `deno task build:npm`, which
 * `deno task test` runs first), install the tarballs in a scratch project,
 * type-check and run an ESM and a CommonJS consumer, type-check the
 * declarations under every module resolution, run the examples they show
 * and the package READMEs' examples with Node.js, and lint the tarballs with
 * @arethetypeswrong/cli and publint.
 */
import * as esbuild from "esbuild";
import { assert, assertEquals } from "@std/assert";
import { BIN, bunExecutable, pack, ROOT, run } from "./_package.ts";
import { packDevDependencies } from "./_dev_tarballs.mjs";
import { packageFields, packageReadme, repositoryLinks } from "../scripts/_repository.ts";

const NPM_DIR = `${ROOT}npm`;
const OCTOKIT_DIR = `${ROOT}npm-octokit-endpoint`;
const config = JSON.parse(await Deno.readTextFile(`${ROOT}deno.json`));

// What a consumer writes: imports of every subpath, calls, and type errors
// that must stay errors (they would pass silently if the types were `any`).
const CONSUMER = `
import { endpoint, type RequestOptions, VERSION } from "@routecast/endpoint";
import { expand, parseTemplate, type Template, UriTemplateError } from "@routecast/endpoint/uri-template";
import { endpoint as liteEndpoint } from "@routecast/endpoint/lite";
import * as uriTemplateLite from "@routecast/endpoint/uri-template/lite";

const options: RequestOptions = endpoint("POST /repos/{owner}/{repo}/issues", {
  owner: "o",
  repo: "r",
  title: "t",
});
const template: Template = parseTemplate("/users/{user}");
const engine: "auto" | "wasm" | "ts" = template.engine;
const liteTemplate: Template = uriTemplateLite.parseTemplate("/users/{user}");
// Never called: each line must stay a type error.
export function typeErrors(): void {
  // @ts-expect-error: no such engine
  parseTemplate("/x", { engine: "java" });
  // @ts-expect-error: a template is a string
  expand(42, {});
  // @ts-expect-error: no such engine
  uriTemplateLite.parseTemplate("/x", { engine: "java" });
  // @ts-expect-error: a result's method is a string
  const method: number = options.method;
}
let caught: unknown;
try {
  liteEndpoint("GET /a/}b");
} catch (error) {
  caught = error;
}
console.log(JSON.stringify({
  url: options.url,
  body: options.body,
  engine,
  expanded: template.expand({ user: "octocat" }),
  liteExpanded: liteTemplate.expand({ user: "octo cat" }),
  liteEngine: liteTemplate.engine,
  version: VERSION,
  liteErrorIsUriTemplateError: caught instanceof UriTemplateError && caught instanceof SyntaxError,
  oneErrorClass: uriTemplateLite.UriTemplateError === UriTemplateError,
}));
`;

// The typed-route examples of the README, for `typed` through the built .d.ts.
const TYPED_CONSUMER = `
import type { paths } from "@octokit/openapi-types";
import { endpoint, type OperationOf, type ResponseOf, typed } from "@routecast/endpoint";
import { endpoint as lite, typed as liteTyped } from "@routecast/endpoint/lite";

const github = typed<paths>(endpoint);
const issue = github("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t" });
const created: ResponseOf<typeof issue> | undefined = undefined;
const mine = github.defaults({ owner: "octocat" });
mine("GET /repos/{owner}/{repo}/issues", { repo: "r", state: "open", per_page: 2 });
github("PUT /user/starred/:owner/:repo", { owner: "o", repo: "r" });
github("GET /not/described/{id}", { id: 1, extra: true });

interface petPaths {
  "/pets/{petId}": {
    get: {
      parameters: { path: { petId: number }; query?: { fields?: "all" | "summary" } };
      responses: { 200: { content: { "application/json": { id: number; name: string } } } };
    };
  };
}
const pets = liteTyped<petPaths>(lite);
const pet = pets("GET /pets/{petId}", { petId: 1, fields: "all" });
const name: ResponseOf<typeof pet>["name"] = "Rex";
const operation: keyof OperationOf<typeof pet> = "responses";

// Never called: each line must stay a type error.
export function typeErrors(): void {
  // @ts-expect-error: title is required
  github("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r" });
  // @ts-expect-error: per_page is a number
  github("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", per_page: "many" });
  // @ts-expect-error: state is an enum
  mine("GET /repos/{owner}/{repo}/issues", { repo: "r", state: "maybe" });
  // @ts-expect-error: petId is required
  pets("GET /pets/{petId}", {});
  // @ts-expect-error: fields is an enum
  pets("GET /pets/{petId}", { petId: 1, fields: "none" });
  // @ts-expect-error: the route text still requires id
  github("GET /not/described/{id}", {});
}
console.log(created, name, operation);
`;

// Every subpath of both packages, for the declaration checks (no Node.js types, no DOM needed).
const TYPES_CONSUMER = `
import { endpoint, toFetch, VERSION } from "@routecast/endpoint";
import { endpoint as lite } from "@routecast/endpoint/lite";
import { endpoint as flavour } from "@routecast/endpoint/octokit";
import { parseTemplate, UriTemplateError } from "@routecast/endpoint/uri-template";
import { endpoint as drop } from "@routecast/octokit-endpoint";
import * as cli from "@routecast/endpoint/cli";

export const results: unknown[] = [
  endpoint("GET /users/{username}", { username: "u" }).url,
  toFetch(lite("POST /markdown", { text: "x" }))[1].method,
  flavour.merge("GET /").method,
  drop.DEFAULTS.baseUrl,
  parseTemplate("/{x}").expand({ x: "y" }),
  new UriTemplateError("m", "t", 0).index,
  VERSION,
  cli,
];
`;

/** The code blocks of `markdown` fenced with one of `languages` (not `ts ignore`). */
function codeBlocks(markdown: string, languages: string[]): string[] {
  const blocks: string[] = [];
  const fence = /^```(\S*)[ \t]*\n([\s\S]*?)^```/gm;
  for (const [, language, code] of markdown.matchAll(fence)) {
    if (languages.includes(language)) blocks.push(code);
  }
  return blocks;
}

/** Writes `code` to `project`/`file` and runs it with Node.js (throws when it fails). */
async function runExample(project: string, file: string, code: string): Promise<void> {
  await Deno.writeTextFile(`${project}/${file}`, code);
  await run("node", [file], project).catch((error) => {
    throw new Error(`${file}:\n${code}\n${error.message}`);
  });
}

async function* walkFiles(dir: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(dir)) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) yield* walkFiles(path);
    else yield path;
  }
}

Deno.test("npm package: packs, installs, type-checks and runs for import and require, lints clean", async (t) => {
  await Deno.stat(`${NPM_DIR}/package.json`).catch(() => {
    throw new Error("npm/ is missing: run `deno task build:npm` first");
  });
  const built = JSON.parse(await Deno.readTextFile(`${NPM_DIR}/package.json`));
  const octokitBuilt = JSON.parse(await Deno.readTextFile(`${OCTOKIT_DIR}/package.json`));
  assertEquals([built.name, built.version], [config.name, config.version]);
  assertEquals(Object.keys(built.exports), [...Object.keys(config.exports), "./package.json"]);
  assertEquals(built.dependencies, undefined);

  const scratch = await Deno.makeTempDir({ prefix: "routecast_package_" });
  try {
    const { tarball, files: paths } = await pack("npm", scratch);
    const octokit = await pack("npm-octokit-endpoint", scratch);
    const project = `${scratch}/consumer`;
    await Deno.mkdir(project);
    await Deno.writeTextFile(`${project}/package.json`, '{ "name": "consumer", "private": true }');
    const dev = await packDevDependencies(["@octokit/openapi-types"], scratch);
    await run("npm", [
      "install",
      tarball,
      octokit.tarball,
      ...Object.values(dev),
      "--offline",
      "--no-audit",
      "--no-fund",
    ], project);

    await t.step("the tarball holds the builds, package.json, README.md and LICENSE only", () => {
      const unexpected = paths.filter((path) =>
        !/^(package\.json|README\.md|LICENSE|(esm|script)\/.+\.(js|d\.ts)|script\/package\.json)$/
          .test(path)
      );
      assertEquals(unexpected, []);
      for (const [subpath, conditions] of Object.entries(built.exports)) {
        if (subpath === "./package.json") continue;
        for (const [condition, target] of Object.entries(conditions as object)) {
          assertEquals(Object.keys(target), ["types", "default"], `${subpath} ${condition}`);
          for (const path of Object.values(target as Record<string, string>)) {
            assert(
              paths.includes(path.slice(2)),
              `${subpath} ${condition}: no ${path} in the tarball`,
            );
          }
        }
      }
    });

    await t.step("@arethetypeswrong/cli finds no problems", async () => {
      const report = await run(
        `${BIN}attw`,
        [tarball, "--no-definitely-typed", "--no-color"],
        scratch,
      );
      assert(report.includes("No problems found"), report);
    });

    await t.step("publint reports nothing, not even suggestions", async () => {
      const report = await run(`${BIN}publint`, ["run", tarball, "--strict"], scratch);
      assert(report.trimEnd().endsWith("All good!"), report);
    });

    await t.step(
      "@routecast/octokit-endpoint: ./octokit at its root, pinned, runs, lints clean",
      async () => {
        assertEquals(
          [octokitBuilt.name, octokitBuilt.version],
          ["@routecast/octokit-endpoint", config.version],
        );
        assertEquals(octokitBuilt.dependencies, { [config.name]: config.version });
        assertEquals(Object.keys(octokitBuilt.exports), [".", "./package.json"]);
        assertEquals(
          octokit.files.filter((path) =>
            !/^(package\.json|README\.md|LICENSE|(esm|script)\/index\.(js|d\.ts)|script\/package\.json)$/
              .test(path)
          ),
          [],
        );
        const report = await run(
          `${BIN}attw`,
          [octokit.tarball, "--no-definitely-typed", "--no-color"],
          scratch,
        );
        assert(report.includes("No problems found"), report);
        const lint = await run(`${BIN}publint`, ["run", octokit.tarball, "--strict"], scratch);
        assert(lint.trimEnd().endsWith("All good!"), lint);
        const consumer = (load: string) =>
          `${load}\nconsole.log(JSON.stringify([drop.endpoint === flavour.endpoint, ` +
          `drop.endpoint("PATCH /repos/{owner}/{repo}", { owner: "o", repo: "r", name: "n" }), drop.VERSION, ` +
          `Object.keys(drop).sort()]));`;
        await Deno.writeTextFile(
          `${project}/drop.mjs`,
          consumer(
            'import * as drop from "@routecast/octokit-endpoint";\n' +
              'import * as flavour from "@routecast/endpoint/octokit";',
          ),
        );
        await Deno.writeTextFile(
          `${project}/drop.cjs`,
          consumer(
            'const drop = require("@routecast/octokit-endpoint");\n' +
              'const flavour = require("@routecast/endpoint/octokit");',
          ),
        );
        // Every export of ./octokit, as the package README lists them (typed among them).
        const exported = Object.keys(await import("@routecast/endpoint/octokit")).sort();
        assert(exported.includes("typed"));
        for (const file of ["drop.mjs", "drop.cjs"]) {
          assertEquals(JSON.parse(await run("node", [file], project)), [
            true,
            {
              method: "PATCH",
              url: "https://api.github.com/repos/o/r",
              headers: {
                accept: "application/vnd.github.v3+json",
                "user-agent": `routecast/${config.version}`,
                "content-type": "application/json; charset=utf-8",
              },
              body: { name: "n" },
            },
            config.version,
            exported,
          ], file);
        }
      },
    );

    await t.step(
      "package.json: repository, bugs and homepage from deno.json's repository, and keywords, in both packages",
      () => {
        for (const manifest of [built, octokitBuilt]) {
          const { repository, bugs, homepage } = packageFields(config.repository);
          assertEquals(manifest.repository, repository, manifest.name);
          assertEquals(manifest.bugs, bugs, manifest.name);
          assertEquals(manifest.homepage, homepage, manifest.name);
          assertEquals(manifest.keywords, config.keywords);
          assert(manifest.keywords.length > 0);
        }
      },
    );

    await t.step(
      "npm pkg fix changes nothing in either manifest (npm publish would warn)",
      async () => {
        for (const dir of [NPM_DIR, OCTOKIT_DIR]) {
          const copy = `${scratch}/fix_${dir.slice(dir.lastIndexOf("/") + 1)}`;
          await Deno.mkdir(copy);
          const manifest = await Deno.readTextFile(`${dir}/package.json`);
          await Deno.writeTextFile(`${copy}/package.json`, manifest);
          await run("npm", ["pkg", "fix"], copy);
          assertEquals(
            JSON.parse(await Deno.readTextFile(`${copy}/package.json`)),
            JSON.parse(manifest),
            dir,
          );
        }
      },
    );

    await t.step("each package ships its own README, whose examples run with Node.js", async () => {
      for (
        const [name, template] of [["endpoint", "endpoint"], [
          "octokit-endpoint",
          "octokit-endpoint",
        ]]
      ) {
        const readme = await Deno.readTextFile(
          `${project}/node_modules/@routecast/${name}/README.md`,
        );
        const source = await Deno.readTextFile(`${ROOT}scripts/package_readme/${template}.md`);
        assertEquals(readme, packageReadme(source, config.version, config.repository));
        // A package README is a page: what it is, install, an example, every export, links.
        assert(readme.length <= 6 * 1024, `${name}: README.md is ${readme.length} characters`);
        assert(!readme.includes("npm start"), `${name}: README.md has the developer commands`);
        for (const link of Object.values(repositoryLinks(config.repository))) {
          assert(readme.includes(link), `${name}: README.md does not link to ${link}`);
        }
        assert(readme.includes(`npm install @routecast/${name}`));
        const examples = codeBlocks(readme, ["js"]);
        assert(examples.length > 0, `${name}: README.md has no example`);
        for (const [index, example] of examples.entries()) {
          await runExample(project, `readme_${name}_${index}.mjs`, example);
        }
      }
    });

    await t.step(
      "shipped declarations: no @std/assert, and every example shown runs with Node.js",
      async () => {
        const installed = `${project}/node_modules/@routecast/endpoint`;
        let count = 0;
        for await (const path of walkFiles(installed)) {
          if (!/\.(js|d\.ts)$/.test(path)) continue;
          const text = await Deno.readTextFile(path);
          assert(!text.includes("@std/assert"), `${path} imports @std/assert`);
          if (!path.includes("/esm/") || !path.endsWith(".d.ts")) continue;
          const comments = text.split("\n").map((line) => line.replace(/^\s*\* ?/, "")).join("\n");
          for (const example of codeBlocks(comments, ["ts", "js"])) {
            const { code } = await esbuild.transform(example, { loader: "ts", format: "esm" });
            await Deno.writeTextFile(`${project}/example_${count++}.mjs`, `// ${path}\n${code}`);
          }
        }
        assert(count >= 30, `only ${count} examples found`);
        // One Node.js process imports them in turn (a process each would take half a minute).
        const files = Array.from({ length: count }, (_, index) => `./example_${index}.mjs`);
        await runExample(
          project,
          "examples.mjs",
          `for (const file of ${JSON.stringify(files)}) {\n` +
            `  try { await import(file); } catch (error) { console.error(file); throw error; }\n}\n`,
        );
      },
    );

    await t.step(
      "declarations type-check with skipLibCheck off, at TypeScript's default target, under node10, node16, nodenext and bundler",
      async () => {
        const dir = `${project}/types`;
        await Deno.mkdir(dir);
        await Deno.writeTextFile(`${dir}/consumer.ts`, TYPES_CONSUMER);
        const resolutions: Record<string, Record<string, string>> = {
          node10: { module: "commonjs", moduleResolution: "node10" },
          node16: { module: "node16", moduleResolution: "node16" },
          nodenext: { module: "nodenext", moduleResolution: "nodenext" },
          bundler: { module: "esnext", moduleResolution: "bundler" },
        };
        for (const [name, options] of Object.entries(resolutions)) {
          await Deno.writeTextFile(
            `${dir}/tsconfig.${name}.json`,
            JSON.stringify({
              compilerOptions: {
                ...options,
                strict: true,
                skipLibCheck: false,
                // TypeScript's own lib files are not ours to check (and checking DOM's is slow).
                skipDefaultLibCheck: true,
                noEmit: true,
                types: [],
              },
              files: ["consumer.ts"],
            }),
          );
        }
        // TypeScript 5.9 has node10 and defaults to target ES5 (where #private is TS18028);
        // TypeScript 7 has no node10. `tsc -b` checks several projects in one process.
        const configs = (names: string[]) => names.map((name) => `tsconfig.${name}.json`);
        const all = Object.keys(resolutions);
        for (
          const [tsc, names] of [
            [`${ROOT}node_modules/typescript-5/bin/tsc`, all],
            [`${BIN}tsc`, all.filter((name) => name !== "node10")],
          ] as const
        ) {
          await run(tsc, ["-b", ...configs([...names])], dir).catch((error) => {
            throw new Error(`${tsc} (${names.join(", ")}): ${error.message}`);
          });
        }
      },
    );

    await t.step("an .mts and a .cts consumer type-check, and run in Node.js and Bun", async () => {
      await Deno.writeTextFile(`${project}/consumer.mts`, CONSUMER);
      await Deno.writeTextFile(`${project}/consumer.cts`, CONSUMER);
      await Deno.writeTextFile(
        `${project}/tsconfig.json`,
        JSON.stringify({
          compilerOptions: {
            module: "nodenext",
            target: "es2022",
            lib: ["es2022"],
            // A Node project: Node's types, no DOM.
            types: ["node"],
            typeRoots: [`${ROOT}node_modules/@types`],
            strict: true,
            outDir: "out",
          },
          files: ["consumer.mts", "consumer.cts"],
        }),
      );
      await run(`${BIN}tsc`, ["-p", "tsconfig.json"], project);
      // The package README says it runs in Bun: the same consumers run there too.
      for (
        const [runtime, file] of [
          ["node", "out/consumer.mjs"],
          ["node", "out/consumer.cjs"],
          [bunExecutable(), "out/consumer.mjs"],
          [bunExecutable(), "out/consumer.cjs"],
        ]
      ) {
        assertEquals(JSON.parse(await run(runtime, [file], project)), {
          url: "https://api.github.com/repos/o/r/issues",
          body: { title: "t" },
          engine: "auto",
          expanded: "/users/octocat",
          liteExpanded: "/users/octo%20cat",
          liteEngine: "ts",
          version: config.version,
          liteErrorIsUriTemplateError: true,
          oneErrorClass: true,
        }, `${runtime} ${file}`);
      }
    });

    await t.step(
      "typed() type-checks in an .mts consumer under TypeScript 5.9 and 7, nodenext and bundler",
      async () => {
        await Deno.writeTextFile(`${project}/typed.mts`, TYPED_CONSUMER);
        for (const tsc of [`${ROOT}node_modules/typescript-5/bin/tsc`, `${BIN}tsc`]) {
          for (
            const [module, moduleResolution] of [["nodenext", "nodenext"], ["esnext", "bundler"]]
          ) {
            const config = `tsconfig.typed.${moduleResolution}.json`;
            await Deno.writeTextFile(
              `${project}/${config}`,
              JSON.stringify({
                compilerOptions: {
                  module,
                  moduleResolution,
                  target: "es2022",
                  lib: ["es2022", "dom"],
                  types: [],
                  strict: true,
                  noEmit: true,
                },
                files: ["typed.mts"],
              }),
            );
            const version = (await run("node", [tsc, "--version"], project)).trim();
            await run("node", [tsc, "-p", config], project).catch((error) => {
              throw new Error(`${version}, ${moduleResolution}: ${error.message}`);
            });
          }
        }
      },
    );

    await t.step({
      name: "the routecast bin runs with Node (built when cli.ts exists)",
      ignore: built.bin === undefined,
      fn: async () => {
        const bin = `${project}/node_modules/.bin/routecast`;
        const version = await run(bin, ["--version"], project);
        assert(version.includes(config.version), version);
        assertEquals(
          JSON.parse(await run(bin, ["GET /users/octocat"], project)).url,
          "https://api.github.com/users/octocat",
        );
      },
    });

    await t.step(
      "bundling ./lite, ./octokit or ./uri-template/lite for browsers takes no WebAssembly, bundling . does",
      async () => {
        const inputs = async (specifier: string, name = "endpoint") => {
          const { metafile } = await esbuild.build({
            stdin: { contents: `export { ${name} } from "${specifier}";`, resolveDir: scratch },
            nodePaths: [`${project}/node_modules`],
            bundle: true,
            format: "esm",
            platform: "browser",
            write: false,
            metafile: true,
          });
          return Object.keys(metafile.inputs);
        };
        try {
          for (const entry of ["lite", "octokit"]) {
            const graph = await inputs(`${config.name}/${entry}`);
            assert(graph.some((path) => path.endsWith(`/esm/${entry}.js`)), graph.join("\n"));
            assertEquals(graph.filter((path) => /wasm/i.test(path)), []);
          }
          const templateLite = await inputs(`${config.name}/uri-template/lite`, "parseTemplate");
          assert(templateLite.some((path) => path.endsWith("/esm/src/uri_template/lite.js")));
          assertEquals(templateLite.filter((path) => /wasm/i.test(path)), []);
          const main = await inputs(config.name);
          assert(main.some((path) => path.endsWith("/_wasm_bytes.generated.js")), main.join("\n"));
        } finally {
          await esbuild.stop();
        }
      },
    );
  } finally {
    await Deno.remove(scratch, { recursive: true });
  }
});
