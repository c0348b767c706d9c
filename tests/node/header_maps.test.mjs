/**
 * The headers of a POST keep one shape from call to call on Node.js.
 *
 * Node.js 20's V8 gave a spread copy of an unfrozen object a map of its own
 * in optimized code, so each header a call then added (`content-type`,
 * `authorization`) made a new map: about 1.3 µs per POST, six times the rest
 * of the call. This checks it with V8's own map comparison, not a clock:
 * after warm-up, with optimization synchronous, two calls' headers share one
 * map.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import assert from "node:assert/strict";

const npm = new URL("../../npm/", import.meta.url);
const { exports } = JSON.parse(readFileSync(new URL("package.json", npm), "utf8"));

/** The probe, as text: `%HaveSameMap` parses only under --allow-natives-syntax. */
function probe(href) {
  return `
import * as entry from ${JSON.stringify(href)};
const { endpoint } = entry;
const route = "POST /repos/{owner}/{repo}/issues";
const api = endpoint.defaults({ headers: { authorization: "token 0" } });
const cases = {
  "a JSON body": () => endpoint(route, { owner: "o", repo: "r", title: "t" }),
  "a JSON body and a header": () =>
    endpoint(route, { owner: "o", repo: "r", title: "t", headers: { "x-trace": "1" } }),
  "a defaults() builder": () => api(route, { owner: "o", repo: "r", title: "t" }),
  "data": () => endpoint(route, { owner: "o", repo: "r", data: "text" }),
  "a GET with a header": () =>
    endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r", headers: { "x-trace": "1" } }),
};
if (entry.createEndpoint) {
  const neutral = entry.createEndpoint({ baseUrl: "https://api.example.com" });
  cases["createEndpoint"] = () => neutral("POST /items", { name: "n" });
}
const shared = {};
for (const [name, call] of Object.entries(cases)) {
  for (let i = 0; i < 20000; i++) call();
  shared[name] = %HaveSameMap(call().headers, call().headers);
}
console.log(JSON.stringify(shared));
`;
}

for (const subpath of [".", "./lite", "./octokit"]) {
  test(`${subpath}: a POST's headers keep one map from call to call on Node.js`, () => {
    const href = new URL(exports[subpath].import.default, npm).href;
    const run = spawnSync(process.execPath, [
      "--allow-natives-syntax",
      "--no-concurrent-recompilation",
      "--input-type=module",
      "--eval",
      probe(href),
    ], { encoding: "utf8" });
    assert.equal(run.status, 0, run.stderr);
    const expected = {
      "a JSON body": true,
      "a JSON body and a header": true,
      "a defaults() builder": true,
      "data": true,
      "a GET with a header": true,
    };
    if (subpath !== "./octokit") expected.createEndpoint = true;
    assert.deepEqual(JSON.parse(run.stdout), expected);
  });
}
