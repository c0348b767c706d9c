import { compileOpenAPI, fromOpenAPI } from "./src/openapi/mod.ts";
import { fromSwagger2 } from "./src/openapi/_swagger2.ts";
const docs: Record<string, any> = {
  "kubernetes (whole, 4.1 MB)": JSON.parse(Deno.readTextFileSync("/tmp/sw2/k8s.json")),
  "slack (whole, 1.0 MB)": JSON.parse(Deno.readTextFileSync("/tmp/sw2/slack.json")),
  "docker (vendored)": JSON.parse(Deno.readTextFileSync("tests/testdata/swagger2/docker-engine/swagger.json")),
};
/** The OpenAPI 3 document a converter writes: parameters with style/explode, request bodies with their schemas. */
function conversion(doc: any) {
  const out = JSON.parse(JSON.stringify(fromSwagger2(doc)));
  out.components.schemas = doc.definitions;
  const fix = (v: any): any => Array.isArray(v) ? v.map(fix) : v && typeof v === "object" ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, k === "$ref" && typeof x === "string" ? x.replace("#/definitions/", "#/components/schemas/") : fix(x)])) : v;
  for (const [path, item] of Object.entries<any>(doc.paths)) for (const m of Object.keys(item)) {
    const body = [...(item[m]?.parameters ?? []), ...(item.parameters ?? [])].map((p: any) => p.$ref ? doc.parameters[p.$ref.split("/").pop()] : p).find((p: any) => p?.in === "body");
    const rb = out.paths[path]?.[m]?.requestBody;
    if (body && rb) for (const t of Object.keys(rb.content)) rb.content[t].schema = fix(body.schema);
  }
  delete out.definitions; delete out.parameters;
  return out;
}
function once(f: () => unknown, n: number) { const t = performance.now(); for (let i = 0; i < n; i++) f(); return (performance.now() - t) / n; }
function pair(f: () => unknown, g: () => unknown, n: number): [number, number] {
  for (let i = 0; i < 5; i++) { f(); g(); }
  let a = Infinity, b = Infinity;
  for (let r = 0; r < 30; r++) { a = Math.min(a, once(f, n)); b = Math.min(b, once(g, n)); }
  return [a, b];
}
for (const [name, doc] of Object.entries(docs)) {
  const oas3 = conversion(doc);
  const [a, b] = pair(() => compileOpenAPI(doc), () => compileOpenAPI(oas3), name.startsWith("kube") ? 3 : 20);
  console.log(`${name}: Swagger 2.0 ${a.toFixed(3)} ms, its OpenAPI 3 conversion ${b.toFixed(3)} ms, ratio ${(a / b).toFixed(2)}`);
}
const k = docs["kubernetes (whole, 4.1 MB)"];
const s2 = fromOpenAPI(k, { baseUrl: "https://k.test" }) as any;
const o3 = fromOpenAPI(conversion(k), { baseUrl: "https://k.test" }) as any;
for (const [route, values] of [["GET /api/v1/namespaces/{namespace}/pods", { namespace: "default", labelSelector: "app=web", limit: 10, watch: false }], ["PATCH /api/v1/namespaces/{namespace}/pods/{name}", { namespace: "default", name: "web-0", dryRun: "All", body: { metadata: {} } }]] as const) {
  const [c1, c2] = pair(() => s2(route, values).url, () => o3(route, values).url, 20000);
  console.log(`call ${route}: Swagger 2.0 ${(c1 * 1e3).toFixed(2)} µs, OpenAPI 3 ${(c2 * 1e3).toFixed(2)} µs`);
}
