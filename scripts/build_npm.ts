/**
 * Builds the npm package in `npm/` from the Deno sources, the way dnt would
 * (dnt is published only on JSR, which these machines cannot reach):
 *
 * - `esm/`: every module of the `exports` in deno.json, one `.js` file per
 *   `.ts` file, with `.d.ts` types, compiled by `tsc` (relative imports
 *   rewritten to `.js`, so browsers load them with no bundler).
 * - `script/`: the same files as CommonJS (esbuild, file by file) under a
 *   `{"type": "commonjs"}` package.json, with the same types read as CommonJS
 *   ones. One file per module means each subpath shares its code with the
 *   others: `UriTemplateError` is one class whichever subpath throws it.
 *   (A program that loads the package both through `import` and through
 *   `require` gets two copies, as with any dual package.)
 * - `package.json` from deno.json (its `repository`, when deno.json has none,
 *   from the git remote `origin`, as `npm init` does), README.md and LICENSE. A `cli.ts` at the
 *   root, when there is one, is built too and becomes the `routecast` bin
 *   (`esm/cli.js`).
 *
 * It then prints the gzip sizes of browser bundles of each entry in the size
 * table of scripts/_bundle_size.ts, against its budget.
 *
 * Run: `deno task build:npm`
 *
 * @module
 */

import * as esbuild from "esbuild";
import { bundleSize, SIZE_BUDGETS } from "./_bundle_size.ts";
import { repositoryFromRemote } from "./_repository.ts";

Deno.chdir(new URL("../", import.meta.url));
const OUT = "npm";
const TSC = "node_modules/.bin/tsc";
const CLI = "cli.ts";
/** Relative `.ts` specifiers in declarations (`from "./a.ts"`, `import("./a.ts")`). */
const TS_SPECIFIER = /(\bfrom\s+|\bimport\s*\(\s*)(["'])(\.{1,2}\/[^"']*)\.ts\2/g;

const config = JSON.parse(await Deno.readTextFile("deno.json"));
const exports: Record<string, string> = config.exports;
const hasCli = await Deno.stat(CLI).then(() => true, () => false);

/** Compiles `entries` and every module they import to ESM and `.d.ts` in `npm/esm/`. */
async function compileEsm(entries: string[]): Promise<void> {
  const tsconfig = await Deno.makeTempFile({ suffix: ".json" });
  await Deno.writeTextFile(
    tsconfig,
    JSON.stringify({
      compilerOptions: {
        ...config.compilerOptions,
        target: "ES2022",
        module: "ESNext",
        moduleResolution: "bundler",
        lib: ["ES2022", "DOM"],
        types: [],
        declaration: true,
        allowImportingTsExtensions: true,
        rewriteRelativeImportExtensions: true,
        rootDir: Deno.cwd(),
        outDir: `${Deno.cwd()}/${OUT}/esm`,
      },
      files: entries.map((entry) => `${Deno.cwd()}/${entry}`),
    }),
  );
  const { success } = await new Deno.Command(TSC, { args: ["-p", tsconfig] }).spawn().status;
  await Deno.remove(tsconfig);
  if (!success) throw new Error(`tsc failed for ${entries.join(", ")}`);
}

async function* walk(dir: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(dir)) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) yield* walk(path);
    else yield path;
  }
}

/** Writes the CommonJS twin of each file in `npm/esm/` to `npm/script/`. */
async function addCommonJs(): Promise<void> {
  for await (const path of walk(`${OUT}/esm`)) {
    const target = path.replace(`${OUT}/esm/`, `${OUT}/script/`);
    await Deno.mkdir(target.slice(0, target.lastIndexOf("/")), { recursive: true });
    if (path.endsWith(".d.ts")) {
      await Deno.copyFile(path, target);
    } else {
      // platform "node" adds the export names that Node reads from CommonJS.
      const { code } = await esbuild.transform(await Deno.readTextFile(path), {
        format: "cjs",
        platform: "node",
        target: "es2022",
        sourcefile: path,
      });
      await Deno.writeTextFile(target, code);
    }
  }
  await Deno.writeTextFile(`${OUT}/script/package.json`, '{ "type": "commonjs" }\n');
}

/** Makes `npm/esm/cli.js` a Node.js script. */
async function addShebang(): Promise<void> {
  const path = `${OUT}/esm/${CLI.replace(/\.ts$/, ".js")}`;
  const code = (await Deno.readTextFile(path)).replace(/^#!.*\n/, "");
  await Deno.writeTextFile(path, `#!/usr/bin/env node\n${code}`);
}

/** Rewrites `.ts` imports in declarations to `.js` (tsc does it in JavaScript only). */
async function fixDeclarations(): Promise<void> {
  for await (const path of walk(OUT)) {
    if (!path.endsWith(".d.ts")) continue;
    const text = await Deno.readTextFile(path);
    await Deno.writeTextFile(path, text.replaceAll(TS_SPECIFIER, "$1$2$3.js$2"));
  }
}

/**
 * The package's repository: deno.json's `repository`, else the git remote
 * `origin` when it is a URL, else none.
 */
async function repository(): Promise<unknown> {
  if (config.repository !== undefined) return config.repository;
  const git = await new Deno.Command("git", {
    args: ["remote", "get-url", "origin"],
    stdout: "piped",
    stderr: "null",
  }).output().catch(() => undefined);
  return git?.success ? repositoryFromRemote(new TextDecoder().decode(git.stdout)) : undefined;
}

function packageJson(repository: unknown): Record<string, unknown> {
  const built = (entry: string, dir: string, extension: string) =>
    `./${dir}/${entry.replace(/^\.\//, "").replace(/\.ts$/, extension)}`;
  const main = exports["."];
  return {
    name: config.name,
    version: config.version,
    description: config.description,
    license: config.license,
    repository,
    type: "module",
    main: built(main, "script", ".js"),
    module: built(main, "esm", ".js"),
    types: built(main, "script", ".d.ts"),
    exports: {
      ...Object.fromEntries(
        Object.entries(exports).map(([subpath, entry]) => [subpath, {
          import: { types: built(entry, "esm", ".d.ts"), default: built(entry, "esm", ".js") },
          require: {
            types: built(entry, "script", ".d.ts"),
            default: built(entry, "script", ".js"),
          },
        }]),
      ),
      "./package.json": "./package.json",
    },
    // For TypeScript's `node10` resolution, which does not read `exports`.
    typesVersions: {
      "*": Object.fromEntries(
        Object.entries(exports).filter(([subpath]) => subpath !== ".").map((
          [subpath, entry],
        ) => [subpath.slice(2), [built(entry, "script", ".d.ts")]]),
      ),
    },
    ...(hasCli ? { bin: { routecast: built(CLI, "esm", ".js") } } : {}),
    sideEffects: false,
    // The routecast bin finds its entry point with process.getBuiltinModule (Node 20.16+).
    engines: { node: ">=20.16" },
    files: ["esm/", "script/"],
  };
}

async function reportSizes(): Promise<void> {
  console.log("\nesbuild --bundle --minify --format=esm --platform=browser, then gzip -9:");
  for (const [subpath, { name, budget }] of Object.entries(SIZE_BUDGETS)) {
    const { minified, gzipped, inputs } = await bundleSize(OUT, config.name, subpath, name);
    const verdict = budget === undefined
      ? "no budget"
      : gzipped <= budget
      ? `within its ${budget} B budget`
      : `OVER its ${budget} B budget by ${gzipped - budget} B`;
    const largest = inputs.slice(0, 3).map(({ path, bytesInOutput }) => `${path} ${bytesInOutput}`);
    console.log(
      `  import { ${name} } from "${config.name + subpath.slice(1)}": ${gzipped} B gzipped ` +
        `(${minified} B minified), ${verdict}\n    largest inputs (minified bytes): ${
          largest.join(", ")
        }`,
    );
  }
}

await Deno.remove(OUT, { recursive: true }).catch((error) => {
  if (!(error instanceof Deno.errors.NotFound)) throw error;
});
const entries = new Set(Object.values(exports).map((entry) => entry.replace(/^\.\//, "")));
if (hasCli) entries.add(CLI);
await compileEsm([...entries]);
await addCommonJs();
if (hasCli) await addShebang();
await fixDeclarations();
await Deno.writeTextFile(
  `${OUT}/package.json`,
  JSON.stringify(packageJson(await repository()), null, 2) + "\n",
);
await Deno.copyFile("README.md", `${OUT}/README.md`);
await Deno.copyFile("LICENSE", `${OUT}/LICENSE`);
console.log(
  `Built ${config.name}@${config.version} in ${OUT}/${hasCli ? " (with the routecast bin)" : ""}`,
);
await reportSizes();
await esbuild.stop();
