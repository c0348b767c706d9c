/**
 * routecast under Octokit, the way a user puts it there: `npm pack` both packages (built by
 * `deno task build:npm`), install them into a scratch project together with @octokit/request,
 * @octokit/core, @octokit/plugin-paginate-rest and @octokit/auth-app (the versions pinned in
 * the repository's devDependencies, packed out of node_modules and installed offline) with
 *   "overrides": { "@octokit/endpoint": <the @routecast/octokit-endpoint tarball> },
 * and a second scratch project with the same packages on the real @octokit/endpoint. The same
 * scenarios (_octokit_scenarios.mjs: real requests to a loopback server) run in both; what the
 * server received and what the caller saw must be identical, except the RFC 6570 fixes listed
 * in DIFFERENCES (each also in the README's "Use it under Octokit").
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { copyFile, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { packDevDependencies } from "../_dev_tarballs.mjs";

const exec = promisify(execFile);
const root = new URL("../../", import.meta.url).pathname;
const dev = JSON.parse(await readFile(join(root, "package.json"), "utf8")).devDependencies;
const OCTOKIT = [
  "@octokit/core",
  "@octokit/request",
  "@octokit/plugin-paginate-rest",
  "@octokit/auth-app",
];

/**
 * Where routecast's requests differ from the reference's, on purpose: per scenario, the text
 * the reference produces and the text routecast produces instead (every occurrence, in the wire
 * record and in the caller's result). The reference must still produce it, so that the list
 * cannot go stale.
 */
const DIFFERENCES = {
  "{/path*} route": {
    why: "RFC 6570: {/path*} separates the items of a list with /, not ,",
    reference: "contents/docs,a%20b,%C3%BC.md",
    routecast: "contents/docs/a%20b/%C3%BC.md",
  },
  "uploads full URL with a Buffer body": {
    why: "RFC 6570: {?name,label} with no label adds no trailing &",
    reference: "?name=notes%20v1.txt&",
    routecast: "?name=notes%20v1.txt",
  },
  "@octokit/core with a list in the query": {
    why: "RFC 6570: {?labels} writes a list's items with a literal , between them",
    reference: "?labels=bug%2Cui",
    routecast: "?labels=bug,ui",
  },
};

/** What routecast's side must show on its own (so that both sides cannot be wrong alike). */
const EXPECTED = {
  "PATCH": (record) => assert.equal(record.wire[0].method, "PATCH"),
  "PUT with no body": (record) => assert.equal(record.wire[0].headers["content-length"], "0"),
  "HEAD 404": (record) => {
    assert.equal(record.error.status, 404);
    assert.equal(record.error.message, "Not Found");
    assert.equal(record.error.request.method, "HEAD");
  },
  "GET 404": (record) => assert.equal(record.error.request.method, "GET"),
  "search q keeps its + separators": (record) =>
    assert.equal(
      record.wire[0].query,
      "?q=repo%3Aoctocat%2Fhello-world%20is%3Aopen+label%3Abug&per_page=1",
    ),
  "previews on a REST url": (record) =>
    assert.equal(record.wire[0].headers.accept, "application/vnd.github.v3+json"),
  "GraphQL with previews": (record) =>
    assert.equal(
      record.wire[0].headers.accept,
      "application/vnd.github.jean-grey-preview+json,application/vnd.github.squirrel-girl-preview+json",
    ),
  "deprecation warning": (record) =>
    assert.match(
      record.result.data.warnings[0],
      /^\[@octokit\/request\] "GET ORIGIN\/deprecated" is deprecated/,
    ),
  "auth-app installation token": (record) => {
    assert.equal(record.wire[0].headers.accept, "application/vnd.github.v3+json");
    assert.equal(record.wire[0].headers.authorization, "bearer <JWT iss=1>");
    assert.equal(record.result.data.token, "ghs_installation");
  },
  "@octokit/core with @octokit/auth-app": (record) => {
    assert.deepEqual(record.wire.map(({ method, path }) => `${method} ${path}`), [
      "POST /app/installations/123/access_tokens",
      "PATCH /repos/octocat/hello-world/issues/1",
    ]);
    assert.equal(record.wire[1].headers.authorization, "token ghs_installation");
  },
  "@octokit/core octokit.graphql": (record) =>
    assert.deepEqual(record.result.data, { viewer: { login: "octocat" } }),
  "@octokit/plugin-paginate-rest over Link headers": (record) => {
    assert.deepEqual(record.wire.map(({ query }) => query), [
      "?per_page=2",
      "?per_page=2&page=2",
      "?per_page=2&page=3",
    ]);
    assert.deepEqual(record.result.data.map(({ id }) => id), [1, 2, 3, 4, 5]);
  },
};

async function npm(args, cwd) {
  const { stdout } = await exec("npm", args, { cwd, maxBuffer: 1 << 24 });
  return stdout;
}

/**
 * Writes a project with the Octokit packages and what they need, as tarballs packed out of
 * node_modules (without `exclude`), plus `extra`, and installs it offline.
 */
async function project(dir, exclude, extra) {
  await exec("mkdir", ["-p", dir]);
  const tarballs = await packDevDependencies(OCTOKIT, dir, { exclude });
  const dependencies = Object.fromEntries(
    Object.entries(tarballs).map(([name, tarball]) => [name, `file:${tarball}`]),
  );
  await writeFile(
    join(dir, "package.json"),
    JSON.stringify(
      { name: "scratch", private: true, type: "module", ...extra(dependencies) },
      null,
      2,
    ),
  );
  await npm(["install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts"], dir);
  await copyFile(new URL("_octokit_scenarios.mjs", import.meta.url), join(dir, "scenarios.mjs"));
  return dir;
}

async function scenarios(dir) {
  const { stdout } = await exec("node", ["scenarios.mjs"], { cwd: dir, maxBuffer: 1 << 24 });
  return JSON.parse(stdout);
}

test("routecast under @octokit/request, core, paginate-rest and auth-app, against the reference", async (t) => {
  const scratch = await mkdtemp(join(tmpdir(), "routecast_octokit_"));
  try {
    const [main, octokit] = JSON.parse(
      await npm([
        "pack",
        join(root, "npm"),
        join(root, "npm-octokit-endpoint"),
        "--json",
        "--pack-destination",
        scratch,
      ], scratch),
    ).map(({ filename }) => `file:${join(scratch, filename)}`);
    const [routecastDir, referenceDir] = await Promise.all([
      project(join(scratch, "routecast"), ["@octokit/endpoint"], (dependencies) => ({
        dependencies,
        overrides: { "@octokit/endpoint": octokit, "@routecast/endpoint": main },
      })),
      project(join(scratch, "reference"), [], (dependencies) => ({ dependencies })),
    ]);

    await t.test("the override puts @routecast/octokit-endpoint in @octokit/endpoint's place", async () => {
      const installed = async (dir, name) =>
        JSON.parse(await readFile(join(dir, "node_modules", name, "package.json"), "utf8"));
      const replaced = await installed(routecastDir, "@octokit/endpoint");
      assert.equal(replaced.name, "@routecast/octokit-endpoint");
      assert.deepEqual(replaced.dependencies, { "@routecast/endpoint": replaced.version });
      assert.equal(
        (await installed(referenceDir, "@octokit/endpoint")).version,
        dev["@octokit/endpoint"],
      );
      for (const name of OCTOKIT) {
        assert.equal((await installed(routecastDir, name)).version, dev[name], name);
      }
    });

    const [routecast, reference] = await Promise.all([
      scenarios(routecastDir),
      scenarios(referenceDir),
    ]);
    assert.deepEqual(Object.keys(routecast), Object.keys(reference));
    for (const name of Object.keys(routecast)) {
      await t.test(name, () => {
        const difference = DIFFERENCES[name];
        let expected = JSON.stringify(reference[name]);
        if (difference !== undefined) {
          assert.ok(
            expected.includes(difference.reference),
            `the reference no longer differs: ${difference.why}`,
          );
          expected = expected.replaceAll(difference.reference, difference.routecast);
        }
        assert.deepEqual(routecast[name], JSON.parse(expected));
        EXPECTED[name]?.(routecast[name]);
      });
    }
    assert.deepEqual(Object.keys(EXPECTED).filter((name) => !(name in routecast)), []);

    await t.test("docs/octokit.md's How this is checked: the count of scenarios and every difference", async () => {
      const page = await readFile(join(root, "docs/octokit.md"), "utf8");
      const start = page.indexOf("### How this is checked");
      const section = page.slice(start, page.indexOf("\n## ", start + 1) >>> 0);
      const count = Object.keys(routecast).length;
      const differing = Object.keys(DIFFERENCES).length;
      const words = section.replace(/\s+/g, " ");
      assert.ok(words.includes(`${count} scenarios`), `the page does not say ${count} scenarios`);
      assert.ok(words.includes(`identical in ${count - differing} scenarios`), "identical in");
      for (const [name, { reference, routecast: ours }] of Object.entries(DIFFERENCES)) {
        assert.ok(section.includes(`\`${reference}\``), `${name}: ${reference} is not listed`);
        assert.ok(section.includes(`\`${ours}\``), `${name}: ${ours} is not listed`);
      }
    });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
});
