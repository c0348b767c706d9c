/**
 * A multipart upload from a real browser (Debian's chromium, driven by
 * playwright-core): a page imports the ESM build's `./openapi` and `.`
 * (no bundler), builds Stripe's `POST /v1/files` from the vendored
 * description with a `File` made in the page, sends it with `fetch` through
 * `toFetch` to this loopback server, which reads the parts with Node's own
 * multipart reader (undici's `Response.formData()`) and records each one's
 * name, file name, type and bytes (docs/design.md rule 26).
 *
 * Without chromium the test is skipped with a note; with
 * ROUTECAST_REQUIRE_BROWSER=1 (as in .ci/run) a missing browser fails it.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const CHROMIUM = "/usr/bin/chromium";
const NPM_DIR = fileURLToPath(new URL("../../npm/", import.meta.url));
const STRIPE = fileURLToPath(new URL("../testdata/openapi/uploads/stripe.json", import.meta.url));

const packageJson = JSON.parse(await readFile(`${NPM_DIR}package.json`, "utf8"));
const moduleUrl = (subpath) => "/npm/" + packageJson.exports[subpath].import.default.slice(2);

/** The page's script: build the upload in the browser, send it, report what the server read. */
const PAGE_SCRIPT = `
import { fromOpenAPI } from "${moduleUrl("./openapi")}";
import { toFetch } from "${moduleUrl(".")}";
const out = document.getElementById("results");
try {
  const description = await (await fetch("/stripe.json")).json();
  // notes and bytes are no fields of Stripe's (its schema is closed): strict: false lets them be
  // a JSON part and a bytes part.
  const api = fromOpenAPI(description, { baseUrl: location.origin, strict: false });
  const options = api("POST /v1/files", {
    file: new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x0d, 0x0a])], 'scan "1"\\n.pdf', { type: "application/pdf" }),
    purpose: "dispute_evidence",
    file_link_data: { create: true, expires_at: 1700000000 },
    expand: ["file_link", "links"],
    notes: { "k": "v\\u00e9" },
    bytes: new Uint8Array([1, 2, 3]),
  });
  const [url, init] = toFetch(options);
  const response = await fetch(url, init);
  out.textContent = JSON.stringify({
    isFormData: options.body instanceof FormData,
    headers: options.headers,
    init: Object.keys(init.headers),
    read: await response.json(),
  });
} catch (error) {
  out.textContent = JSON.stringify({ failure: String(error?.stack ?? error) });
}
out.dataset.done = "true";
`;

/** Serves npm/ under /npm/, the page, its script and the description; records uploads. */
function serve(uploads) {
  const server = createServer(async (request, response) => {
    const url = new URL(request.url, "http://127.0.0.1");
    if (url.pathname === "/v1/files" && request.method === "POST") {
      const chunks = [];
      for await (const chunk of request) chunks.push(chunk);
      // Node's own multipart reader (undici's), not the browser's.
      const type = request.headers["content-type"];
      const form = await new Response(Buffer.concat(chunks), { headers: { "content-type": type } })
        .formData();
      const parts = [];
      for (const [name, value] of form) {
        parts.push(
          typeof value === "string" ? { name, value } : {
            name,
            filename: value.name,
            type: value.type,
            bytes: [...new Uint8Array(await value.arrayBuffer())],
          },
        );
      }
      uploads.push(parts);
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ type: type.replace(/boundary=.*/, "boundary=…"), parts }));
      return;
    }
    let body;
    let type = "text/javascript";
    if (url.pathname === "/page.html") {
      type = "text/html; charset=utf-8";
      body = '<!doctype html><meta charset="utf-8"><title>upload</title>' +
        '<pre id="results"></pre><script type="module" src="/page.mjs"></script>';
    } else if (url.pathname === "/page.mjs") {
      body = PAGE_SCRIPT;
    } else if (url.pathname === "/stripe.json") {
      type = "application/json";
      body = await readFile(STRIPE);
    } else if (url.pathname.startsWith("/npm/") && !url.pathname.includes("..")) {
      body = await readFile(NPM_DIR + url.pathname.slice(5)).catch(() => undefined);
    }
    if (body === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": type });
    response.end(body);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

test("a FormData body built in Chromium goes through fetch and arrives as Stripe's description says", async (t) => {
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
  const uploads = [];
  const server = await serve(uploads);
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"],
  });
  try {
    const page = await browser.newPage();
    const problems = [];
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    await page.goto(`${origin}/page.html`);
    const results = page.locator("#results[data-done]");
    await results.waitFor({ state: "attached", timeout: 15_000 });
    const found = JSON.parse(await results.textContent());
    assert.deepEqual(problems, []);
    assert.equal(found.failure, undefined, found.failure);
    assert.equal(found.isFormData, true);
    // No content type from routecast: Chromium writes the multipart type with its boundary.
    assert.deepEqual(found.headers, {});
    assert.deepEqual(found.init, []);
    const text = (bytes) => [...new TextEncoder().encode(bytes)];
    assert.deepEqual(found.read, {
      type: "multipart/form-data; boundary=…",
      parts: [
        {
          name: "file",
          // Chromium escapes the file name's quote and line end (HTML's form encoding): read back whole.
          filename: 'scan "1"\n.pdf',
          type: "application/pdf",
          bytes: [0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x0d, 0x0a],
        },
        { name: "purpose", value: "dispute_evidence" },
        { name: "file_link_data[create]", value: "true" },
        { name: "file_link_data[expires_at]", value: "1700000000" },
        { name: "expand", value: "file_link" },
        { name: "expand", value: "links" },
        { name: "notes", filename: "blob", type: "application/json", bytes: text('{"k":"vé"}') },
        { name: "bytes", filename: "blob", type: "application/octet-stream", bytes: [1, 2, 3] },
      ],
    });
    assert.equal(uploads.length, 1);
  } finally {
    await browser.close();
    server.close();
  }
});
