import { endpoint as lite } from "@routecast/endpoint/lite";
import { endpoint } from "@routecast/endpoint";
import { assert, assertEquals } from "@std/assert";

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
    const output = await new Deno.Command(Deno.execPath(), {
      args: ["info", "--json", new URL(`../${entry}.ts`, import.meta.url).pathname],
    }).output();
    assert(output.success, new TextDecoder().decode(output.stderr));
    const graph = JSON.parse(new TextDecoder().decode(output.stdout));
    const specifiers: string[] = graph.modules.map((module: { specifier: string }) =>
      module.specifier
    );
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
