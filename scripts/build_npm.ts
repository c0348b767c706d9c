/**
 * Builds the npm package in `npm/` from the Deno sources, the way dnt would
 * (dnt is published only on JSR, which these machines cannot reach):
 *
 * - `esm/`: every module of the `exports` in deno.json, one `.js` file per
 *   `.ts` file, with `.d.ts` types, compiled by `tsc` (relative imports
 *   rewritten to `.js`, so browsers load them with no bundler).
 * - In both, internal property names shortened (scripts/_mangle.ts), which
 *   no user's minifier can do.
 * - `script/`: the same files as CommonJS (esbuild, file by file) under a
 *   `{"type": "commonjs"}` package.json, with the same types read as CommonJS
 *   ones. One file per module means each subpath shares its code with the
 *   others: `UriTemplateError` is one class whichever subpath throws it.
 *   (A program that loads the package both through `import` and through
 *   `require` gets two copies, as with any dual package.)
 * - `package.json` from deno.json (`repository`, `bugs` and `homepage` from
 *   its `repository`, the repository's public URL, which must be set:
 *   scripts/_repository.ts; `keywords`), the package README
 *   (scripts/package_readme/, not the developer README, with the version
 *   and the repository's links filled in) and LICENSE. A
 *   `cli.ts` at the root, when there is one, is built too and becomes the
 *   `routecast` bin (`esm/cli.js`).
 * - Shipped declarations and modules have their examples' `@std/assert`
 *   imports replaced by `node:assert/strict`, no `#private` members, and
 *   references to the libraries newer than ES5 they need
 *   (scripts/_shipped_declarations.ts).
 * - A second package, `@routecast/octokit-endpoint`, in `npm-octokit-endpoint/`:
 *   `./octokit`'s exports at its root (ESM, CommonJS, types), depending on
 *   this version of `@routecast/endpoint`, for `"overrides": {
 *   "@octokit/endpoint": "npm:@routecast/octokit-endpoint@<version>" }`
 *   (DECISIONS.md, Public surface).
 *
 * It then prints the gzip sizes of browser bundles of each entry in the size
 * table of scripts/_bundle_size.ts, as built and at the version the budgets
 * are measured at (`SIZE_VERSION`), against its budget.
 *
 * Run: `deno task build:npm`
 *
 * @module
 */

import * as esbuild from "esbuild";
import { bundleSize, OCTOKIT_PAIR_BUDGET, octokitPair, SIZE_BUDGETS } from "./_bundle_size.ts";
import { mangleModules } from "./_mangle.ts";
import { checkRepository, packageFields, packageReadme } from "./_repository.ts";
import { SIZE_VERSION } from "./sync_version.ts";
import {
  nodeAssertImports,
  withLibReferences,
  withoutPrivateNames,
} from "./_shipped_declarations.ts";

Deno.chdir(new URL("../", import.meta.url));
const OUT = "npm";
/** The second package: `./octokit` as a drop-in for `@octokit/endpoint`. */
const OCTOKIT_OUT = "npm-octokit-endpoint";
const OCTOKIT_NAME = "@routecast/octokit-endpoint";
const OCTOKIT_ENTRY = "./octokit";
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

/**
 * Renames internal property names in `npm/esm/`'s modules (scripts/_mangle.ts),
 * before the CommonJS twins are made from them. The public declarations it
 * checks the list against: every `.d.ts` not private to its folder, and the
 * type files the public ones re-export (`_*types.d.ts`).
 */
async function mangleInternalProperties(): Promise<void> {
  const modules = new Map<string, string>();
  const declarations: string[] = [];
  for await (const path of walk(`${OUT}/esm`)) {
    const name = path.slice(path.lastIndexOf("/") + 1);
    if (path.endsWith(".d.ts")) {
      if (!name.startsWith("_") || name.endsWith("types.d.ts")) {
        declarations.push(await Deno.readTextFile(path));
      }
    } else if (path.endsWith(".js")) {
      modules.set(path, await Deno.readTextFile(path));
    }
  }
  for (const [path, code] of await mangleModules(modules, declarations)) {
    await Deno.writeTextFile(path, code);
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

/**
 * Rewrites `.ts` imports in declarations to `.js` (tsc does it in JavaScript
 * only) and `#private` members; in declarations and modules alike, points
 * examples at `node:assert/strict`.
 */
async function fixDeclarations(): Promise<void> {
  for await (const path of walk(OUT)) {
    if (!path.endsWith(".js") && !path.endsWith(".d.ts")) continue;
    const text = await Deno.readTextFile(path);
    if (path.endsWith(".d.ts")) {
      const fixed = withLibReferences(
        withoutPrivateNames(text.replaceAll(TS_SPECIFIER, "$1$2$3.js$2")),
      );
      await Deno.writeTextFile(path, nodeAssertImports(fixed));
    } else {
      await Deno.writeTextFile(path, nodeAssertImports(text));
    }
  }
}

/** The repository's public URL: deno.json's `repository` (the build refuses to run without it). */
const REPOSITORY = checkRepository(config.repository);

/** The path in a package of the `.js` or `.d.ts` built from `entry` in `esm/` or `script/`. */
function built(entry: string, dir: string, extension: string): string {
  return `./${dir}/${entry.replace(/^\.\//, "").replace(/\.ts$/, extension)}`;
}

/** The `import` and `require` conditions of one export built from `entry`. */
function conditions(entry: string) {
  return {
    import: { types: built(entry, "esm", ".d.ts"), default: built(entry, "esm", ".js") },
    require: { types: built(entry, "script", ".d.ts"), default: built(entry, "script", ".js") },
  };
}

/** The fields both packages share, from deno.json. */
function commonFields(): Record<string, unknown> {
  return {
    version: config.version,
    license: config.license,
    ...packageFields(REPOSITORY),
    keywords: config.keywords,
    type: "module",
  };
}

function packageJson(): Record<string, unknown> {
  const main = exports["."];
  return {
    name: config.name,
    description: config.description,
    ...commonFields(),
    main: built(main, "script", ".js"),
    module: built(main, "esm", ".js"),
    types: built(main, "script", ".d.ts"),
    exports: {
      ...Object.fromEntries(
        Object.entries(exports).map(([subpath, entry]) => [subpath, conditions(entry)]),
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
    // npm publish removes a bin path written with "./" (and warns); exports need the "./".
    ...(hasCli ? { bin: { routecast: built(CLI, "esm", ".js").slice(2) } } : {}),
    sideEffects: false,
    // The routecast bin finds its entry point with process.getBuiltinModule (Node 20.16+).
    engines: { node: ">=20.16" },
    files: ["esm/", "script/"],
  };
}

/** Writes scripts/package_readme/`name`.md to `path`, with the version and the links filled in. */
async function writeReadme(name: string, path: string): Promise<void> {
  const template = await Deno.readTextFile(`scripts/package_readme/${name}.md`);
  await Deno.writeTextFile(path, packageReadme(template, config.version, REPOSITORY));
}

/**
 * Writes `@routecast/octokit-endpoint` to `npm-octokit-endpoint/`: an
 * `index` that re-exports `@routecast/endpoint/octokit` (its `endpoint`,
 * `VERSION`, adapters and types) as ESM and CommonJS, with types.
 */
async function buildOctokitPackage(): Promise<void> {
  if (exports[OCTOKIT_ENTRY] === undefined) {
    throw new Error(`deno.json exports no ${OCTOKIT_ENTRY}`);
  }
  const from = `${config.name}${OCTOKIT_ENTRY.slice(1)}`;
  await Deno.remove(OCTOKIT_OUT, { recursive: true }).catch((error) => {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  });
  // Every value the entry exports, read from it, so the package README's list cannot drift.
  const flavour = new URL(`../${exports[OCTOKIT_ENTRY]}`, import.meta.url).href;
  const names = Object.keys(await import(flavour)).sort().join(", ");
  const header = `// @routecast/octokit-endpoint ${config.version}: ${from} at the root.\n`;
  const esm = `${header}export { ${names} } from "${from}";\n`;
  const types = `${esm}export type * from "${from}";\n`;
  await Deno.mkdir(`${OCTOKIT_OUT}/esm`, { recursive: true });
  await Deno.mkdir(`${OCTOKIT_OUT}/script`, { recursive: true });
  await Deno.writeTextFile(`${OCTOKIT_OUT}/esm/index.js`, esm);
  await Deno.writeTextFile(`${OCTOKIT_OUT}/esm/index.d.ts`, types);
  const { code } = await esbuild.transform(esm, { format: "cjs", platform: "node" });
  await Deno.writeTextFile(`${OCTOKIT_OUT}/script/index.js`, code);
  await Deno.writeTextFile(`${OCTOKIT_OUT}/script/index.d.ts`, types);
  await Deno.writeTextFile(`${OCTOKIT_OUT}/script/package.json`, '{ "type": "commonjs" }\n');
  const entry = "./index.ts";
  const manifest = {
    name: OCTOKIT_NAME,
    description:
      `${config.name} as a drop-in for @octokit/endpoint: its ${OCTOKIT_ENTRY} endpoint, for an "overrides" entry under @octokit/request and @octokit/core`,
    ...commonFields(),
    main: built(entry, "script", ".js"),
    module: built(entry, "esm", ".js"),
    types: built(entry, "script", ".d.ts"),
    exports: { ".": conditions(entry), "./package.json": "./package.json" },
    dependencies: { [config.name]: config.version },
    sideEffects: false,
    engines: { node: ">=20.16" },
    files: ["esm/", "script/"],
  };
  await Deno.writeTextFile(
    `${OCTOKIT_OUT}/package.json`,
    JSON.stringify(manifest, null, 2) + "\n",
  );
  await writeReadme("octokit-endpoint", `${OCTOKIT_OUT}/README.md`);
  await Deno.copyFile("LICENSE", `${OCTOKIT_OUT}/LICENSE`);
  console.log(
    `Built ${OCTOKIT_NAME}@${config.version} in ${OCTOKIT_OUT}/ (depends on ${config.name}@${config.version})`,
  );
}

async function reportSizes(): Promise<void> {
  console.log(
    `\nesbuild --bundle --minify --format=esm --platform=browser, then gzip -9 (budgets at version ${SIZE_VERSION}):`,
  );
  for (const [subpath, { name, budget }] of Object.entries(SIZE_BUDGETS)) {
    const { minified, gzipped, inputs } = await bundleSize(OUT, config.name, subpath, name);
    const measured = (await bundleSize(OUT, config.name, subpath, name, SIZE_VERSION)).gzipped;
    const verdict = budget === undefined
      ? "no budget"
      : measured <= budget
      ? `within its ${budget} B budget`
      : `OVER its ${budget} B budget by ${measured - budget} B`;
    const largest = inputs.slice(0, 3).map(({ path, bytesInOutput }) => `${path} ${bytesInOutput}`);
    console.log(
      `  import { ${name} } from "${config.name + subpath.slice(1)}": ${gzipped} B gzipped ` +
        `(${minified} B minified); ${measured} B at version ${SIZE_VERSION}, ${verdict}\n` +
        `    largest inputs (minified bytes): ${largest.join(", ")}`,
    );
  }
  const { reference, routecast } = await octokitPair(Deno.cwd());
  const added = (await octokitPair(Deno.cwd(), SIZE_VERSION)).routecast - reference;
  console.log(
    `  export { Octokit } from "@octokit/core": ${reference} B gzipped on @octokit/endpoint, ` +
      `${routecast} B on ${OCTOKIT_NAME} (+${
        routecast - reference
      } B); +${added} B at version ${SIZE_VERSION}, ${
        added <= OCTOKIT_PAIR_BUDGET
          ? `within its +${OCTOKIT_PAIR_BUDGET} B budget`
          : `OVER its +${OCTOKIT_PAIR_BUDGET} B budget by ${added - OCTOKIT_PAIR_BUDGET} B`
      }`,
  );
}

await Deno.remove(OUT, { recursive: true }).catch((error) => {
  if (!(error instanceof Deno.errors.NotFound)) throw error;
});
const entries = new Set(Object.values(exports).map((entry) => entry.replace(/^\.\//, "")));
if (hasCli) entries.add(CLI);
await compileEsm([...entries]);
await mangleInternalProperties();
await addCommonJs();
if (hasCli) await addShebang();
await fixDeclarations();
await Deno.writeTextFile(`${OUT}/package.json`, JSON.stringify(packageJson(), null, 2) + "\n");
await writeReadme("endpoint", `${OUT}/README.md`);
await Deno.copyFile("LICENSE", `${OUT}/LICENSE`);
console.log(
  `Built ${config.name}@${config.version} in ${OUT}/${hasCli ? " (with the routecast bin)" : ""}`,
);
await buildOctokitPackage();
await reportSizes();
await esbuild.stop();
