import { compileOpenAPI } from "./src/openapi/mod.ts";
import { fromSwagger2 } from "./src/openapi/_swagger2.ts";
const doc = JSON.parse(Deno.readTextFileSync("tests/testdata/swagger2/docker-engine/swagger.json"));
function once(f: () => unknown, n: number) { const t = performance.now(); for (let i = 0; i < n; i++) f(); return (performance.now() - t) / n; }
const conv = fromSwagger2(doc);
for (let i = 0; i < 50; i++) { fromSwagger2(doc); compileOpenAPI(conv); compileOpenAPI(doc); }
let a = Infinity, b = Infinity, c = Infinity;
for (let r = 0; r < 20; r++) { a = Math.min(a, once(() => fromSwagger2(doc), 20)); b = Math.min(b, once(() => compileOpenAPI(conv), 20)); c = Math.min(c, once(() => compileOpenAPI(doc), 20)); }
console.log({ convert: a, compileConverted: b, whole: c });
