/**
 * Writes, beside each vendored Swagger 2.0 document the benchmarks compare
 * (tests/testdata/swagger2/<name>/swagger.json), its OpenAPI 3 conversion by
 * swagger2openapi (`convertObj` with `patch: true`): openapi3.json, and
 * openapi3.sha256 (the SHA-256 of the swagger.json it was made from, which
 * tests/openapi_swagger2_test.ts checks, so that a stale conversion fails).
 * benchmarks/openapi_bench.ts holds compiling the Swagger 2.0 document
 * against compiling its conversion (issue: "at most 1.5x").
 *
 * swagger2openapi is not a dependency of routecast: install it for the run.
 *
 * Run: `npm install --no-save swagger2openapi@7.0.8 && node scripts/convert_swagger2.mjs`
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";

/** The vendored documents whose conversion is kept. */
export const CONVERTED = ["kubernetes", "slack-web", "docker-engine"];

const require = createRequire(import.meta.url);
const { convertObj } = require("swagger2openapi");
const root = new URL("../tests/testdata/swagger2/", import.meta.url);
for (const name of CONVERTED) {
  const text = readFileSync(new URL(`${name}/swagger.json`, root), "utf8");
  const { openapi } = await convertObj(JSON.parse(text), { patch: true, warnOnly: true });
  writeFileSync(new URL(`${name}/openapi3.json`, root), JSON.stringify(openapi) + "\n");
  const hash = createHash("sha256").update(text).digest("hex");
  writeFileSync(new URL(`${name}/openapi3.sha256`, root), `${hash}\n`);
  console.log(`${name}: openapi3.json written`);
}
