import { VERSION } from "@routecast/endpoint";
import { assertEquals, assertStringIncludes } from "@std/assert";
import { readmeWithVersion, VERSIONED_PAGES, versionModule } from "../scripts/sync_version.ts";

const config = JSON.parse(await Deno.readTextFile(new URL("../deno.json", import.meta.url)));

Deno.test("VERSION is deno.json's version", () => {
  assertEquals(VERSION, config.version);
});

Deno.test("src/version.ts is not stale (run `deno task sync-version`)", async () => {
  assertEquals(
    await Deno.readTextFile(new URL("../src/version.ts", import.meta.url)),
    versionModule(config.version),
  );
});

Deno.test("README.md and docs name deno.json's version (run `deno task sync-version`)", async () => {
  for (const page of VERSIONED_PAGES) {
    const text = await Deno.readTextFile(new URL(`../${page}`, import.meta.url));
    assertEquals(text, readmeWithVersion(text, config.version), page);
  }
  const readme = await Deno.readTextFile(new URL("../README.md", import.meta.url));
  const other = readmeWithVersion(readme, "9.9.9-next.1");
  assertStringIncludes(other, '"user-agent": "routecast/9.9.9-next.1"');
  assertStringIncludes(other, "cdn.jsdelivr.net/npm/@routecast/endpoint@9.9.9-next.1/+esm");
  assertStringIncludes(other, "esm.sh/jsr/@routecast/endpoint@9.9.9-next.1");
  const octokit = await Deno.readTextFile(new URL("../docs/octokit.md", import.meta.url));
  assertStringIncludes(
    readmeWithVersion(octokit, "9.9.9-next.1"),
    '"npm:@routecast/octokit-endpoint@9.9.9-next.1"',
  );
});
