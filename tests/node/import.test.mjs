/** The behaviour suite against the ESM build, loaded through `exports` in npm/package.json. */
import { readFileSync } from "node:fs";
import behaviour from "./_suite.cjs";

const npm = new URL("../../npm/", import.meta.url);
const { version, exports } = JSON.parse(readFileSync(new URL("package.json", npm), "utf8"));
const load = (subpath) => import(new URL(exports[subpath].import.default, npm).href);

behaviour("import", {
  version,
  main: await load("."),
  uriTemplate: await load("./uri-template"),
  uriTemplateLite: await load("./uri-template/lite"),
  lite: await load("./lite"),
});
