// Runs after `npm install` (the root package's postinstall).
//
// `deno task` runs a command it finds in node_modules/.bin as an npm script,
// with Deno itself. The deno package's own postinstall (which npm 11 skips
// here through `allowScripts`, and npm 10 runs) points node_modules/.bin/deno
// at the native binary, which deno task then fails to run as JavaScript. This
// points it back at the package's JavaScript launcher, bin.cjs, so the
// README's commands work whichever npm installed the tools.
"use strict";
const fs = require("node:fs");
const path = require("node:path");

const bin = path.join(__dirname, "..", "node_modules", ".bin", "deno");
const launcher = path.join("..", "deno", "bin.cjs");
try {
  if (process.platform !== "win32" && fs.readlinkSync(bin) !== launcher) {
    fs.unlinkSync(bin);
    fs.symlinkSync(launcher, bin);
  }
} catch (error) {
  // Not a symlink (a copied binary) or missing: replace it if it exists.
  if (error.code === "EINVAL" && process.platform !== "win32") {
    fs.unlinkSync(bin);
    fs.symlinkSync(launcher, bin);
  } else if (error.code !== "ENOENT") {
    throw error;
  }
}
