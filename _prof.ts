import { compileOpenAPI } from "./src/openapi/mod.ts";
const doc = JSON.parse(Deno.readTextFileSync("/tmp/sw2/k8s.json"));
for (let i = 0; i < 150; i++) compileOpenAPI(doc);
