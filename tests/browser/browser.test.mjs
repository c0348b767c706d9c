/**
 * The ESM build in a real browser (Debian's chromium, driven by
 * playwright-core), served from 127.0.0.1 under a CDN-like path and imported
 * by pages with no bundler and no import map.
 *
 * Without chromium the test is skipped with a note; with
 * ROUTECAST_REQUIRE_BROWSER=1 (as in .ci/run) a missing browser fails it.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { extname, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { runCalls } from "./_calls.mjs";

const CHROMIUM = "/usr/bin/chromium";
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const NPM_DIR = fileURLToPath(new URL("../../npm/", import.meta.url));
const HERE = fileURLToPath(new URL("./", import.meta.url));
const TYPES = { ".js": "text/javascript", ".mjs": "text/javascript", ".json": "application/json" };
/** The Content-Security-Policy of each page, and the engine expected under it. */
const PAGES = [
  { name: "no CSP", csp: undefined, engine: "wasm" },
  { name: "CSP allowing WebAssembly", csp: "script-src 'self' 'wasm-unsafe-eval'", engine: "wasm" },
  { name: "CSP forbidding WebAssembly", csp: "script-src 'self'", engine: "ts" },
];

const packageJson = JSON.parse(await readFile(`${NPM_DIR}package.json`, "utf8"));
const CDN_BASE = `/npm/${packageJson.name}@${packageJson.version}/`;
const moduleUrl = (subpath) => CDN_BASE + packageJson.exports[subpath].import.default.slice(2);

/** Serves npm/ under CDN_BASE, the page scripts from here, and pages whose CSP is in the query. */
function serve() {
  const server = createServer(async (request, response) => {
    const url = new URL(request.url, "http://127.0.0.1");
    let file;
    if (url.pathname.startsWith(CDN_BASE)) {
      file = NPM_DIR + decodeURIComponent(url.pathname.slice(CDN_BASE.length));
    } else if (url.pathname === "/page.mjs" || url.pathname === "/calls.mjs") {
      file = `${HERE}_${url.pathname.slice(1)}`;
    } else if (url.pathname === "/page.html") {
      const csp = url.searchParams.get("csp");
      const script = `/page.mjs?${url.searchParams.get("modules")}`;
      response.writeHead(200, {
        "content-type": "text/html; charset=utf-8",
        ...(csp ? { "content-security-policy": csp } : {}),
      });
      response.end(
        `<!doctype html><meta charset="utf-8"><title>routecast</title>` +
          `<pre id="results"></pre><script type="module" src="${escapeHtml(script)}"></script>`,
      );
      return;
    }
    if (file === undefined || file.includes(`${sep}..`)) {
      response.writeHead(404).end();
      return;
    }
    try {
      const body = await readFile(file);
      response.writeHead(200, {
        "content-type": TYPES[extname(file)] ?? "text/plain",
        "access-control-allow-origin": "*",
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

function escapeHtml(text) {
  return text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");
}

/** Opens `page.html` with `csp` and `modules`, and returns what its script found. */
async function openPage(browser, origin, csp, modules) {
  const page = await browser.newPage();
  const problems = [];
  const requested = [];
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  const query = new URLSearchParams({ modules: new URLSearchParams(modules).toString() });
  if (csp) query.set("csp", csp);
  try {
    await page.goto(`${origin}/page.html?${query}`);
    const results = page.locator("#results[data-done]");
    await results.waitFor({ state: "attached", timeout: 15_000 });
    const found = JSON.parse(await results.textContent());
    assert.deepEqual(problems, []);
    assert.equal(found.failure, undefined, found.failure);
    return { found, requested };
  } finally {
    await page.close();
  }
}

test("the ESM build works in Chromium from a CDN-like path", async (t) => {
  if (!existsSync(CHROMIUM)) {
    const note = `chromium not found at ${CHROMIUM}: the browser test needs Debian's chromium ` +
      "(as root: apt-get update && apt-get install -y chromium)";
    if (process.env.ROUTECAST_REQUIRE_BROWSER === "1") {
      assert.fail(`${note}; ROUTECAST_REQUIRE_BROWSER=1 makes this a failure`);
    }
    process.stderr.write(`\nBROWSER TEST SKIPPED: ${note}\n\n`);
    t.skip(`SKIPPED: ${note}`);
    return;
  }
  const server = await serve();
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const [main, uriTemplate, lite] = await Promise.all(
      [".", "./uri-template", "./lite"].map((subpath) =>
        import(pathToFileURL(NPM_DIR + packageJson.exports[subpath].import.default).href)
      ),
    );
    // As JSON, as the page sends it.
    const expected = JSON.parse(JSON.stringify(runCalls({ main, uriTemplate, lite })));
    const modules = {
      main: moduleUrl("."),
      uriTemplate: moduleUrl("./uri-template"),
      lite: moduleUrl("./lite"),
    };

    for (const { name, csp, engine } of PAGES) {
      await t.test(`page with ${name}: results as in Node, on the ${engine} engine`, async () => {
        const { found } = await openPage(browser, origin, csp, modules);
        assert.deepEqual(found.calls, expected);
        assert.equal(found.engine, "auto");
        if (engine === "wasm") {
          assert.equal(found.wasm, "wasm");
          assert.deepEqual(found.violations, []);
        } else {
          assert.match(found.wasm, /^Error: Cannot use engine "wasm" in this runtime: /);
          assert.ok(found.violations.some((violation) => violation.includes("wasm-eval")));
        }
      });
    }

    await t.test("page importing only ./lite loads no WebAssembly module", async () => {
      const { found, requested } = await openPage(browser, origin, "script-src 'self'", {
        lite: modules.lite,
      });
      assert.equal(found.liteUrl, "https://api.github.com/users/octocat");
      assert.deepEqual(found.violations, []);
      assert.ok(requested.includes(modules.lite), requested.join("\n"));
      assert.deepEqual(requested.filter((path) => /wasm/i.test(path)), []);
    });
  } finally {
    await browser.close();
    server.close();
  }
});
