import { VERSION } from "@routecast/endpoint";
import { assertEquals } from "@std/assert";
import { versionModule } from "../scripts/sync_version.ts";

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
