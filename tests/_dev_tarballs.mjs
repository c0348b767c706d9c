/**
 * Dev dependencies as tarballs packed out of node_modules, for the tests that install packages
 * into a scratch project as a consumer does. `npm install <name>@<version> --offline` needs the
 * package's metadata in the npm cache, which `npm install` from a lockfile never fetches, so it
 * fails on a fresh machine; tarballs of what `npm install` already put in node_modules install
 * offline with no cache at all. Used by the Deno tests (tests/package_test.ts,
 * scripts/type_cost.ts) and the Node tests (tests/node/octokit.test.mjs).
 *
 * @module
 */
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";

const exec = promisify(execFile);
const ROOT = new URL("../", import.meta.url).pathname;

/**
 * The lockfile entries (`node_modules/...` keys) that `names` need, resolved as Node resolves
 * them from the root: each package, its dependencies, optional dependencies and required peers.
 *
 * @param {Record<string, { version: string, dependencies?: object, optionalDependencies?: object, peerDependencies?: object, peerDependenciesMeta?: object }>} lock
 * @param {readonly string[]} names
 * @param {readonly string[]} exclude Names to leave out (with what only they need).
 * @returns {Map<string, string>} lockfile key to package name
 */
function closure(lock, names, exclude) {
  const found = new Map();
  const pending = names.map((name) => ["", name]);
  while (pending.length > 0) {
    const [from, name] = pending.pop();
    if (exclude.includes(name)) continue;
    let base = from;
    let key = `${base === "" ? "" : base + "/"}node_modules/${name}`;
    while (lock[key] === undefined && base !== "") {
      const up = base.lastIndexOf("/node_modules/");
      base = up < 0 ? "" : base.slice(0, up);
      key = `${base === "" ? "" : base + "/"}node_modules/${name}`;
    }
    const entry = lock[key];
    if (entry === undefined) {
      throw new Error(`${name} (needed by ${from || "the test"}) is not in package-lock.json`);
    }
    if (found.has(key)) continue;
    found.set(key, name);
    const optionalPeers = entry.peerDependenciesMeta ?? {};
    for (
      const dependency of [
        ...Object.keys(entry.dependencies ?? {}),
        ...Object.keys(entry.optionalDependencies ?? {}),
        ...Object.keys(entry.peerDependencies ?? {}).filter((peer) =>
          optionalPeers[peer]?.optional !== true
        ),
      ]
    ) {
      pending.push([key, dependency]);
    }
  }
  return found;
}

/**
 * `npm pack`s `names` and everything they depend on, as installed in the repository's
 * node_modules, into `destination`.
 *
 * @param {readonly string[]} names Dev dependencies (and the packages they need).
 * @param {string} destination An existing folder for the tarballs.
 * @param {{ exclude?: readonly string[] }} [options] Names not to pack (an `overrides` entry
 *   replaces them).
 * @returns {Promise<Record<string, string>>} Each package name with the path of its tarball.
 * @throws {Error} When a package is missing from the lockfile, or two versions of one name
 *   would be needed (a scratch project has one top-level copy of each).
 */
export async function packDevDependencies(names, destination, options = {}) {
  const lock = JSON.parse(await readFile(join(ROOT, "package-lock.json"), "utf8")).packages;
  const found = closure(lock, names, options.exclude ?? []);
  const byName = new Map();
  for (const [key, name] of found) {
    if (byName.has(name)) {
      throw new Error(`Two versions of ${name} are needed (${byName.get(name)} and ${key})`);
    }
    byName.set(name, key);
  }
  const keys = [...byName.values()];
  const { stdout } = await exec(
    "npm",
    [
      "pack",
      ...keys.map((key) => join(ROOT, key)),
      "--json",
      "--ignore-scripts",
      "--pack-destination",
      destination,
    ],
    { cwd: destination, maxBuffer: 1 << 26 },
  );
  const packed = JSON.parse(stdout);
  return Object.fromEntries(
    packed.map(({ name, filename }) => [name, join(destination, filename)]),
  );
}
