import { VERSION } from "@routecast/endpoint";
import { assertEquals, assertStringIncludes } from "@std/assert";
import { readmeWithVersion, versionModule } from "../scripts/sync_version.ts";

const config = JSON.parse(await Deno.readTextFile(new URL("../deno.json", import.meta.url)));

Deno.test("VERSION is deno.json's version", () => {
  assertEquals(VERSION, config.version);
});

Deno.test("src/_version.ts is not stale (run `deno task sync-version`)", async () => {
  assertEquals(
    await Deno.readTextFile(new URL("../src/_version.ts", import.meta.url)),
    versionModule(config.version),
  );
});

Deno.test("README.md names deno.json's version (run `deno task sync-version`)", async () => {
  const readme = await Deno.readTextFile(new URL("../README.md", import.meta.url));
  assertEquals(readme, readmeWithVersion(readme, config.version));
  const other = readmeWithVersion(readme, "9.9.9-next.1");
  assertStringIncludes(other, '"user-agent": "routecast/9.9.9-next.1"');
  assertStringIncludes(other, '"npm:@routecast/octokit-endpoint@9.9.9-next.1"');
});
