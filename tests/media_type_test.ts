/**
 * The media type of a request (src/endpoint/_media_type.ts): `mediaType.format` and previews are
 * media-type tokens, on every entry and every path (a call, `defaults()`, `merge()`, `parse()`),
 * so that no value injects a header.
 */
import { assert, assertEquals } from "@std/assert";
import { LOOSE_BUILDERS, typeErrorOf } from "./_loose.ts";

const BAD_FORMATS = ["raw\r\nx-injected: 1", "raw\nx", "raw\0", "raw, text/html", "raw;q=1", "a b"];
const BAD_PREVIEWS = ["a\r\nb", "squirrel-girl\n", "a,b", "a;b", ""];

for (const [entry, builder] of LOOSE_BUILDERS) {
  Deno.test(`endpoint() refuses a mediaType.format or preview that is not a token, on every path (${entry})`, () => {
    const mediaTypes: [unknown, string][] = [
      ...BAD_FORMATS.map((format): [unknown, string] => [
        { format },
        `Invalid mediaType.format ${JSON.stringify(format)}: expected a media-type parameter`,
      ]),
      ...BAD_PREVIEWS.map((name): [unknown, string] => [
        { previews: ["ok", name] },
        `Invalid preview name ${JSON.stringify(name)} in mediaType.previews`,
      ]),
    ];
    for (const [mediaType, message] of mediaTypes) {
      const merged = builder.merge("GET /graphql");
      const paths: [string, () => unknown][] = [
        ["call", () => builder("GET /graphql", { mediaType })],
        ["options call", () => builder({ url: "/graphql", mediaType })],
        ["defaults", () => builder.defaults({ mediaType })],
        ["merge", () => builder.merge("GET /graphql", { mediaType })],
        ["parse", () => builder.parse({ ...merged, mediaType })],
        ["defaults then call", () => builder.defaults({})("GET /graphql", { mediaType })],
      ];
      for (const [path, call] of paths) {
        const text = typeErrorOf(call, `${path} ${JSON.stringify(mediaType)}`);
        assert(text.startsWith(message), `${path}: ${text}`);
      }
    }
    // Tokens still amend accept.
    assertEquals(
      builder("GET /graphql", { mediaType: { format: "text+json" } }).headers.accept,
      "application/vnd.github.v3.text+json",
    );
    assertEquals(
      builder.defaults({ mediaType: { previews: ["squirrel-girl-preview"] } })("GET /graphql")
        .headers.accept,
      "application/vnd.github.squirrel-girl-preview+json",
    );
  });
}
