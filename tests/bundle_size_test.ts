/**
 * Size budgets: each entry with a budget in scripts/_bundle_size.ts, bundled
 * for browsers from the built package (`deno task build:npm`, which
 * `deno task test` runs first) and gzipped, fits in it. The sizes are taken
 * at the version `SIZE_VERSION`, so that a release of any version passes
 * (tests/release_test.ts runs these tests on a build at a long version).
 */
import * as esbuild from "esbuild";
import {
  bundleSize,
  OCTOKIT_PAIR_BUDGET,
  octokitPair,
  SIZE_BUDGETS,
} from "../scripts/_bundle_size.ts";
import { SIZE_VERSION } from "../scripts/sync_version.ts";
import { assert } from "@std/assert";

const ROOT = new URL("../", import.meta.url).pathname;
const config = JSON.parse(await Deno.readTextFile(`${ROOT}deno.json`));

for (const [subpath, { name, budget }] of Object.entries(SIZE_BUDGETS)) {
  if (budget === undefined) continue;
  Deno.test(`import { ${name} } from "${subpath}" bundles to at most ${budget} B gzipped at version ${SIZE_VERSION}`, async () => {
    await Deno.stat(`${ROOT}npm/package.json`).catch(() => {
      throw new Error("npm/ is missing: run `deno task build:npm` first");
    });
    try {
      const { gzipped, inputs } = await bundleSize(
        `${ROOT}npm`,
        config.name,
        subpath,
        name,
        SIZE_VERSION,
      );
      const largest = inputs.slice(0, 5).map(({ path, bytesInOutput }) =>
        `${path} ${bytesInOutput}`
      );
      assert(
        gzipped <= budget,
        `${gzipped} B gzipped, over by ${gzipped - budget} B; largest inputs: ${
          largest.join(", ")
        }`,
      );
    } finally {
      await esbuild.stop();
    }
  });
}

Deno.test(`@routecast/octokit-endpoint adds at most ${OCTOKIT_PAIR_BUDGET} B gzipped to @octokit/core's bundle at version ${SIZE_VERSION}`, async () => {
  await Deno.stat(`${ROOT}npm-octokit-endpoint/package.json`).catch(() => {
    throw new Error("npm-octokit-endpoint/ is missing: run `deno task build:npm` first");
  });
  try {
    const { reference, routecast } = await octokitPair(ROOT.slice(0, -1), SIZE_VERSION);
    assert(
      routecast - reference <= OCTOKIT_PAIR_BUDGET,
      `${routecast} B against ${reference} B gzipped: ${
        routecast - reference - OCTOKIT_PAIR_BUDGET
      } B over`,
    );
  } finally {
    await esbuild.stop();
  }
});

Deno.test("./openapi: fromOpenAPITable bundles without the description compiler, and ./openapi without WebAssembly (docs/any-api.md)", async () => {
  await Deno.stat(`${ROOT}npm/package.json`).catch(() => {
    throw new Error("npm/ is missing: run `deno task build:npm` first");
  });
  try {
    const paths = async (name: string) =>
      (await bundleSize(`${ROOT}npm`, config.name, "./openapi", name)).inputs.map(({ path }) =>
        path
      );
    const table = await paths("fromOpenAPITable");
    assert(table.some((path) => path.endsWith("openapi/_table.js")), table.join("\n"));
    for (const compiler of ["openapi/_compile.js", "openapi/_swagger2.js"]) {
      assert(!table.some((path) => path.endsWith(compiler)), `${compiler} in ${table.join(", ")}`);
    }
    const whole = [...table, ...await paths("fromOpenAPI"), ...await paths("compileOpenAPI")];
    assert(whole.some((path) => path.endsWith("openapi/_compile.js")), whole.join("\n"));
    assert(!whole.some((path) => /wasm/i.test(path)), whole.join("\n"));
  } finally {
    await esbuild.stop();
  }
});
