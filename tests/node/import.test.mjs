/** The behaviour suite against the ESM build, loaded through `exports` in npm/package.json. */
import { readFileSync } from "node:fs";
import { test } from "node:test";
import behaviour from "./_suite.cjs";
import prototypeCases from "./_prototype.cjs";

const npm = new URL("../../npm/", import.meta.url);
const { version, exports } = JSON.parse(readFileSync(new URL("package.json", npm), "utf8"));
const load = (subpath) => import(new URL(exports[subpath].import.default, npm).href);

const main = await load(".");
const lite = await load("./lite");
behaviour("import", {
  version,
  main,
  uriTemplate: await load("./uri-template"),
  uriTemplateLite: await load("./uri-template/lite"),
  lite,
});
for (const [label, endpoint] of [["import", main.endpoint], ["import lite", lite.endpoint]]) {
  for (const [name, run] of prototypeCases(label, endpoint)) test(name, run);
}
