/** The behaviour suite against the CommonJS build, required by package name. */
"use strict";

const { createRequire } = require("node:module");
const { join } = require("node:path");
const behaviour = require("./_suite.cjs");

// A require from inside npm/ resolves the package's own name through its
// `exports` (self-reference), with the "require" condition.
const requireInPackage = createRequire(join(__dirname, "../../npm/package.json"));

behaviour("require", {
  version: requireInPackage("./package.json").version,
  main: requireInPackage("@routecast/endpoint"),
  uriTemplate: requireInPackage("@routecast/endpoint/uri-template"),
  uriTemplateLite: requireInPackage("@routecast/endpoint/uri-template/lite"),
  lite: requireInPackage("@routecast/endpoint/lite"),
});
