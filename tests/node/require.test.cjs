/** The behaviour suite against the CommonJS build, required by package name. */
"use strict";

const { createRequire } = require("node:module");
const { join } = require("node:path");
const { test } = require("node:test");
const behaviour = require("./_suite.cjs");
const prototypeCases = require("./_prototype.cjs");

// A require from inside npm/ resolves the package's own name through its
// `exports` (self-reference), with the "require" condition.
const requireInPackage = createRequire(join(__dirname, "../../npm/package.json"));

const main = requireInPackage("@routecast/endpoint");
const lite = requireInPackage("@routecast/endpoint/lite");
behaviour("require", {
  version: requireInPackage("./package.json").version,
  main,
  uriTemplate: requireInPackage("@routecast/endpoint/uri-template"),
  uriTemplateLite: requireInPackage("@routecast/endpoint/uri-template/lite"),
  lite,
});
for (const [label, endpoint] of [["require", main.endpoint], ["require lite", lite.endpoint]]) {
  for (const [name, run] of prototypeCases(label, endpoint)) test(name, run);
}
