import { endpoint as lite } from "@routecast/endpoint/lite";
import { endpoint } from "@routecast/endpoint";
import { assert, assertEquals } from "@std/assert";
import { moduleSpecifiers } from "./_module_graph.ts";

Deno.test("lite endpoint() gives the same results as the main entry", () => {
  const calls: [string, Record<string, unknown>][] = [
    ["GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", labels: ["a", "b c"] }],
    ["POST /repos/:owner/:repo/issues", { owner: "o", repo: "r", title: "t" }],
    ["PUT /files/{+path}", { path: "a/b é", data: "x", headers: { "content-type": "text/plain" } }],
  ];
  for (const [route, parameters] of calls) {
    assertEquals(lite(route, parameters), endpoint(route, parameters));
  }
  assertEquals(lite.DEFAULTS, endpoint.DEFAULTS);
});

for (const entry of ["lite", "octokit"]) {
  Deno.test(`${entry} module graph holds no WebAssembly engine or bytes`, async () => {
    const specifiers = await moduleSpecifiers(`${entry}.ts`);
    assert(specifiers.some((specifier) => specifier.endsWith("/_ts_engine.ts")));
    assertEquals(specifiers.filter((specifier) => /wasm/i.test(specifier)), []);
  });
}

Deno.test("endpoint() gives lite's results for values long enough to expand on WebAssembly", () => {
  const long = "dir/é ü/".repeat(40);
  for (const route of ["GET /repos/{owner}/{repo}/contents/{+path}", "PUT /files{/path}"]) {
    const parameters = { owner: "o".repeat(200), repo: "r", path: long, ref: "main" };
    assertEquals(endpoint(route, parameters), lite(route, parameters));
  }
});
