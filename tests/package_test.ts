/**
 * The npm package as a consumer gets it: `npm pack` npm/ (built by
 * `deno task build:npm`, which `deno task test` runs first), install the
 * tarball in a scratch project, type-check and run an ESM and a CommonJS
 * consumer, and lint the tarball with @arethetypeswrong/cli and publint.
 */
import * as esbuild from "esbuild";
import { assert, assertEquals } from "@std/assert";

const ROOT = new URL("../", import.meta.url).pathname;
const NPM_DIR = `${ROOT}npm`;
const BIN = `${ROOT}node_modules/.bin/`;
const config = JSON.parse(await Deno.readTextFile(`${ROOT}deno.json`));

/** Runs `command` in `cwd`, returns its stdout, and throws with its output when it fails. */
async function run(command: string, args: string[], cwd: string): Promise<string> {
  const env = { NO_COLOR: "1" };
  const { success, stdout, stderr } = await new Deno.Command(command, { args, cwd, env }).output();
  const text = new TextDecoder().decode(stdout);
  if (!success) {
    throw new Error(
      `${command} ${args.join(" ")} failed:\n${text}\n${new TextDecoder().decode(stderr)}`,
    );
  }
  return text;
}

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

Deno.test("npm package: packs, installs, type-checks and runs for import and require, lints clean", async (t) => {
  await Deno.stat(`${NPM_DIR}/package.json`).catch(() => {
    throw new Error("npm/ is missing: run `deno task build:npm` first");
  });
  const built = JSON.parse(await Deno.readTextFile(`${NPM_DIR}/package.json`));
  assertEquals([built.name, built.version], [config.name, config.version]);
  assertEquals(Object.keys(built.exports), [...Object.keys(config.exports), "./package.json"]);
  assertEquals(built.dependencies, undefined);

  const scratch = await Deno.makeTempDir({ prefix: "routecast_package_" });
  try {
    const [{ filename, files }] = JSON.parse(
      await run("npm", ["pack", NPM_DIR, "--json", "--pack-destination", scratch], scratch),
    );
    const tarball = `${scratch}/${filename}`;
    const project = `${scratch}/consumer`;
    await Deno.mkdir(project);
    await Deno.writeTextFile(`${project}/package.json`, '{ "name": "consumer", "private": true }');
    await run("npm", ["install", tarball, "--offline", "--no-audit", "--no-fund"], project);

    await t.step("the tarball holds the builds, package.json, README.md and LICENSE only", () => {
      const paths: string[] = files.map((file: { path: string }) => file.path);
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

    await t.step("an .mts and a .cts consumer type-check and run", async () => {
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
      for (const file of ["out/consumer.mjs", "out/consumer.cjs"]) {
        assertEquals(JSON.parse(await run("node", [file], project)), {
          url: "https://api.github.com/repos/o/r/issues",
          body: { title: "t" },
          engine: "auto",
          expanded: "/users/octocat",
          liteExpanded: "/users/octo%20cat",
          liteEngine: "ts",
          version: config.version,
          liteErrorIsUriTemplateError: true,
          oneErrorClass: true,
        }, file);
      }
    });

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
      "bundling ./lite or ./uri-template/lite for browsers takes no WebAssembly, bundling . does",
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
          const lite = await inputs(`${config.name}/lite`);
          assert(lite.some((path) => path.endsWith("/esm/lite.js")), lite.join("\n"));
          assertEquals(lite.filter((path) => /wasm/i.test(path)), []);
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
