/**
 * Behaviour that a mutant of scripts/mutants.json changed without any other
 * test noticing (`deno task mutate`): each test names its mutant. Public
 * entries only, so the tests hold whatever the code looks like.
 */
import { endpoint } from "@routecast/endpoint";
import { endpoint as lite } from "@routecast/endpoint/lite";
import { parseTemplate } from "@routecast/endpoint/uri-template";
import { assert, assertEquals, assertThrows } from "@std/assert";

const API = "https://api.github.com";
const BUILDERS = [["main", endpoint], ["lite", lite]] as const;

for (const [entry, builder] of BUILDERS) {
  // Mutant r9-after-param: the dot-segment scan went on past a literal "?".
  Deno.test(`endpoint() leaves "." and ".." after a literal ? alone: they are query text (${entry})`, () => {
    for (const x of [".", "..", "%2e%2E"]) {
      assertEquals(
        builder("GET /search?{x}", { x }).url,
        `${API}/search?${x.replaceAll("%", "%25")}`,
      );
      assertEquals(
        builder("GET /search?q={x}", { x }).url,
        `${API}/search?q=${x.replaceAll("%", "%25")}`,
      );
      // Mutant r19-before-query: the literal "?" did not end the last path segment.
      if (!x.includes("%")) {
        assertThrows(() => builder("GET /a/{x}?next=/", { x }), TypeError, '"x"');
      }
    }
  });

  // Mutant origin-open-host: a literal origin followed by "?" was read as a host left open.
  Deno.test(`endpoint() lets a value follow a full url's literal ? or # (${entry})`, () => {
    assertEquals(
      builder("GET https://api.example.com?{x}", { x: "evil.com" }).url,
      "https://api.example.com?evil.com",
    );
    assertEquals(
      builder("GET https://api.example.com#{x}", { x: "evil.com" }).url,
      "https://api.example.com#evil.com",
    );
    // Mutant r19-before-query-host: there, a variable is not a path variable either (rule 19);
    // the route types take every {x} of a full url as required, so the call is typed loosely.
    const call = builder as unknown as (route: string) => { url: string };
    assertEquals(call("GET https://api.example.com?{x}").url, "https://api.example.com?");
  });
}

// Mutant cache-key-length: templates of any length were kept.
Deno.test("parseTemplate() keeps templates up to 4096 characters, and none longer (README: Security)", () => {
  for (const [length, kept] of [[4096, true], [4097, false], [100_000, false]] as const) {
    const text = `/kept/${length}/{x}`;
    const template = text + "a".repeat(length - text.length);
    parseTemplate(template); // seen once: compiled, not kept yet
    const second = parseTemplate(template);
    assertEquals(parseTemplate(template) === second, kept, `${length} characters`);
    assertEquals(second.expand({ x: "y" }), template.replace("{x}", "y"));
  }
});

// Mutant plan-constant-objects: a plan kept the url and query of defaults holding objects.
// defaults() copies a Date or Map (rule 14), but keeps an instance of a subclass by reference,
// so a later change to it shows in later calls, as documented; parse(merge()) agrees.
for (const [entry, builder] of BUILDERS) {
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
}

for (const [entry, builder] of BUILDERS) {
  // Mutant r9-shape-moving-segments: a {+x} after literal text in its segment went unscanned.
  Deno.test(`endpoint() scans a {+x} value that starts new segments after literal text (${entry})`, () => {
    for (const x of ["/./b", "/../b", "/%2e/b"]) {
      assertThrows(
        () => builder("GET /a{+x}", { x }),
        TypeError,
        'Invalid value for parameter "x"',
        x,
      );
    }
    assertEquals(builder("GET /a{+x}", { x: "/b/c" }).url, `${API}/a/b/c`);
  });

  // Mutant r9-shape-unproven: after a {?q}, a {x} alone in its segment was taken as in the path.
  Deno.test(`endpoint() leaves "." and ".." after a {?q} with a value alone: they are query text (${entry})`, () => {
    assertEquals(builder("GET /a/b{?q}/{y}", { q: "1", y: ".." }).url, `${API}/a/b?q=1/..`);
    assertThrows(() => builder("GET /a/b{?q}/{y}", { y: ".." }), TypeError, '"y"');
  });
}

for (const [entry, builder] of BUILDERS) {
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

  // Mutant key-label-first: the label of the first parameter merged named every later one.
  Deno.test(`defaults() names the parameter at fault, whichever were copied before (${entry})`, () => {
    for (const key of ["alpha", "beta", "gamma"]) {
      const cycle: Record<string, unknown> = {};
      cycle.self = cycle;
      builder.defaults({ other: 1, [key]: 1 });
      assertThrows(
        () => builder.defaults({ [key]: cycle }),
        TypeError,
        `Invalid parameter "${key}": it contains a cycle`,
      );
    }
  });
}

for (const [entry, builder] of BUILDERS) {
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
