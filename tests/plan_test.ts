/**
 * The plan of a route (src/endpoint/_plan.ts): the baseUrl prefix (docs/design.md rule 20),
 * checked on every call and never taken for another, and plans kept from the second call on
 * that agree with `parse(merge())`, whatever the defaults hold and however calls alternate.
 */
import { endpoint } from "@routecast/endpoint";
import { endpoint as lite } from "@routecast/endpoint/lite";
import { assert, assertEquals, assertThrows } from "@std/assert";

const API = "https://api.github.com";
const BUILDERS = [["main", endpoint], ["lite", lite]] as const;

for (const [entry, builder] of BUILDERS) {
  Deno.test(`endpoint() rule 20: baseUrl has no query and no fragment (${entry})`, () => {
    for (const baseUrl of ["https://h/api?k=1", "https://h/api#x", "https://h?", "https://h/#"]) {
      assertThrows(
        () => builder("GET /x", { baseUrl }),
        TypeError,
        `Invalid baseUrl "${baseUrl}": it has a query or fragment`,
      );
      const withBase = builder.defaults({ baseUrl });
      assertThrows(() => withBase("GET /x"), TypeError, "it has a query or fragment");
      // A full url does not use it.
      assertEquals(
        withBase("GET https://uploads.example.com/x").url,
        "https://uploads.example.com/x",
      );
    }
    assertEquals(builder("GET /x", { baseUrl: "https://h/api///" }).url, "https://h/api/x");
    assertThrows(
      () => builder("GET /x", { baseUrl: "h/api" }),
      TypeError,
      "expected an absolute URL",
    );
  });

  // A client would not send a baseUrl with these as written: `new URL` drops tabs and line
  // breaks (https://h\n.com is h.com) and reads "\\" as "/", and clients encode spaces.
  Deno.test(`endpoint() rule 20: a baseUrl with a space, a control character or "\\" is not an absolute URL (${entry})`, () => {
    const hostile = [
      "https://h\n.com",
      "https://h/api\r\nx-evil: 1",
      "https://h/a\tb",
      "https://h/a\u0000b",
      "https://h/a b",
      "https://h ",
      "https://h/a\u007f",
      "https://h\\evil.example",
    ];
    for (const baseUrl of hostile) {
      for (
        const call of [
          () => builder("GET /x", { baseUrl }),
          () => builder.defaults({ baseUrl })("GET /x"),
        ]
      ) {
        const error = assertThrows(
          call,
          TypeError,
          'expected an absolute URL such as "https://api.github.com"',
        );
        assert(
          error.message.startsWith(`Invalid baseUrl ${JSON.stringify(baseUrl)}: `),
          error.message,
        );
        assert(!/[\r\n\0]/.test(error.message));
      }
    }
    for (const baseUrl of ["https://h/ä", "https://[::1]:8080/api", "https://h/a%20b"]) {
      assertEquals(builder("GET /x", { baseUrl }).url, `${baseUrl}/x`);
    }
  });

  // Mutant plan-constant-objects: a plan kept the url and query of defaults holding objects.
  // defaults() copies a Date or Map (rule 14), but keeps an instance of a subclass by reference,
  // so a later change to it shows in later calls, as documented; parse(merge()) agrees.
  Deno.test(`a builder agrees with parse(merge()) after a default Date or Map it keeps changes (${entry})`, () => {
    class Since extends Date {}
    class Labels extends Map<string, string> {}
    const since = new Since(0);
    const labels = new Labels([["a", "1"]]);
    for (
      const child of [
        builder.defaults({ url: "/issues/{since}", since }),
        builder.defaults({ url: "/issues", since, labels }),
      ]
    ) {
      // Three calls: a plan is kept from the second one on.
      for (let i = 0; i < 3; i++) assertEquals(child(), child.parse(child.merge()));
      const before = child().url;
      since.setTime(1000);
      labels.set("a", "2");
      assert(child().url !== before, "a change to a default kept by reference shows");
      assertEquals(child(), child.parse(child.merge()));
      since.setTime(0);
      labels.set("a", "1");
    }
  });

  // Mutant base-prefix-kept-unchecked: a baseUrl was remembered before its checks passed.
  Deno.test(`endpoint() refuses a bad baseUrl on every call, and follows each good one (${entry})`, () => {
    for (
      const bad of ["https://h.example/api?k=1", "not a url", "/relative", "https://h.example#x"]
    ) {
      for (let i = 0; i < 2; i++) {
        assertThrows(() => builder("GET /x", { baseUrl: bad }), TypeError, "Invalid baseUrl");
      }
    }
    // Mutant base-prefix-any: the last baseUrl's prefix was taken for another.
    for (const base of ["https://a.example/", "https://b.example/v1", "https://a.example/"]) {
      assertEquals(builder("GET /x", { baseUrl: base }).url, `${base.replace(/\/$/, "")}/x`);
      const merged = builder.merge("GET /y", { baseUrl: base });
      assertEquals(builder.parse(merged).url, `${base.replace(/\/$/, "")}/y`);
    }
  });

  // Mutants plan-url-memo-method and plan-url-memo-url: parse() kept the last plan for another
  // method or url.
  Deno.test(`parse() plans each method and url, however the calls alternate (${entry})`, () => {
    const calls = [["GET", "/a"], ["POST", "/a"], ["POST", "/b"], ["GET", "/a"], ["PUT", "/a"]];
    for (const [method, url] of [...calls, ...calls]) {
      const result = builder.parse(builder.merge({ method, url }));
      assertEquals([result.method, result.url], [method.toLowerCase(), `${API}${url}`]);
    }
    assertThrows(() => builder.parse({ method: "G T", url: "/a" }), TypeError, "Invalid method");
  });
}

// Mutant base-prefix-missing-first: before any baseUrl was checked, the remembered one (none)
// matched a missing baseUrl, so a process's first such call built a bare path.
Deno.test("createEndpoint() refuses a path url without a baseUrl on a process's first call", async () => {
  for (const entry of ["../mod.ts", "../lite.ts"]) {
    const module = new URL(entry, import.meta.url).href;
    const code = `import { createEndpoint } from ${JSON.stringify(module)};
try { console.log(createEndpoint()("GET /x").url); } catch (error) { console.log(error.name + ": " + error.message); }`;
    const output = await new Deno.Command(Deno.execPath(), {
      args: ["eval", "--quiet", code],
      stderr: "inherit",
    }).output();
    assertEquals(
      new TextDecoder().decode(output.stdout).trim(),
      'TypeError: Missing baseUrl for "GET /x": expected a baseUrl option or default',
      entry,
    );
  }
});
