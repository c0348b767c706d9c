/**
 * DECISIONS.md rule 14 at every entry point: `__proto__`, `constructor` and
 * `prototype` keys in call options, `defaults()`, `merge()`, `parse()`, body
 * parameters, `data`, query parameters, headers, `request` and `mediaType`
 * never reach a prototype. These matter where `__proto__` is a setter on
 * Object.prototype (Node, browsers, Deno with `--unstable-unsafe-proto`), so
 * they run on the built package under Node (import.test.mjs,
 * require.test.cjs) and on the sources under Deno with that flag
 * (tests/prototype_safety_test.ts).
 */
"use strict";

const assert = require("node:assert/strict");

const API = "https://api.github.com";
const KEYS = ["__proto__", "constructor", "prototype"];
/** Own keys that assignment would turn into a prototype change or a walk to Object.prototype. */
const HOSTILE_JSON =
  '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"prototype":{"polluted":true}}';

/** A fresh object with the hostile own keys (JSON.parse defines them as own data properties). */
const hostile = () => JSON.parse(HOSTILE_JSON);
/** A fresh object with `extra` (JSON text of members) and the hostile keys, as own keys. */
const withHostile = (extra) => JSON.parse(`{${extra},${HOSTILE_JSON.slice(1)}`);

const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype).sort();

/** Object.prototype has nothing added, and a fresh object inherits nothing. */
function assertClean() {
  assert.deepEqual(Object.getOwnPropertyNames(Object.prototype).sort(), PROTOTYPE_NAMES);
  assert.equal({}.polluted, undefined);
  assert.equal(Object.prototype.polluted, undefined);
  assert.equal([].polluted, undefined);
}

/**
 * Every object reachable from `value` (own enumerable keys) has a standard
 * prototype, so no caller value became one, and inherits no `polluted`.
 */
function assertStandardPrototypes(value, path = "result") {
  if (typeof value !== "object" || value === null) return;
  const proto = Object.getPrototypeOf(value);
  assert.ok(
    proto === Object.prototype || proto === Array.prototype || proto === null,
    `${path} has a caller-controlled prototype`,
  );
  assert.ok(
    !("polluted" in value) || Object.hasOwn(value, "polluted"),
    `${path} inherits polluted`,
  );
  for (const key of Object.keys(value)) assertStandardPrototypes(value[key], `${path}.${key}`);
}

/** `object` has the hostile keys as own data properties, and JSON shows them. */
function assertHostileOwn(object, label) {
  for (const key of KEYS) {
    assert.ok(Object.hasOwn(object, key), `${label}: own ${key}`);
  }
  assert.equal(Object.getPrototypeOf(object), Object.prototype, `${label}: prototype`);
  assert.equal(JSON.stringify(object), HOSTILE_JSON, label);
}

/**
 * The checks, as [name, run] pairs, for a runner to register.
 *
 * @param {string} label Which build or entry point, for the test names.
 * @param {any} endpoint The root builder.
 * @returns {[string, () => void][]}
 */
module.exports = function prototypeCases(label, endpoint) {
  /** Builders that take each internal path: none, header, scalar and object defaults. */
  const builders = [
    ["root", endpoint],
    ["header defaults", endpoint.defaults({ headers: { "x-a": "1" } })],
    ["scalar defaults", endpoint.defaults({ per_page: 2 })],
    ["object defaults", endpoint.defaults({ filter: { a: "1" } })],
    ["media type defaults", endpoint.defaults({ mediaType: { format: "raw" } })],
  ];
  const cases = [];
  const add = (name, run) =>
    cases.push([`${label}: rule 14, ${name}`, () => {
      run();
      assertClean();
    }]);

  add("body parameters stay own keys of the body", () => {
    for (const [name, builder] of builders) {
      for (const method of ["POST", "PATCH", "DELETE"]) {
        const made = [
          builder(`${method} /r`, hostile()),
          builder({ method, url: "/r", ...hostile() }),
          builder.parse(builder.merge(`${method} /r`, hostile())),
        ];
        for (const result of made) {
          const body = { ...result.body };
          delete body.per_page;
          delete body.filter;
          assertHostileOwn(body, `${name} ${method}`);
          assertStandardPrototypes(result, `${name} ${method}`);
        }
      }
    }
  });

  add("a lone __proto__ body key is not lost", () => {
    for (const [name, builder] of builders) {
      const result = builder("POST /r", JSON.parse('{"__proto__":{"isAdmin":true}}'));
      assert.equal(result.body.isAdmin, undefined, name);
      assert.ok(Object.hasOwn(result.body, "__proto__"), name);
      assert.deepEqual(Object.getOwnPropertyDescriptor(result.body, "__proto__").value, {
        isAdmin: true,
      });
      assertStandardPrototypes(result, name);
    }
  });

  add("data is the body as given", () => {
    for (const [name, builder] of builders) {
      const data = hostile();
      const result = builder("POST /r", { data });
      assert.equal(result.body, data, name);
      assertHostileOwn(result.body, name);
    }
    const fromDefaults = endpoint.defaults({ data: hostile() });
    assertHostileOwn(fromDefaults.DEFAULTS.data, "DEFAULTS.data");
    assertHostileOwn(fromDefaults("PUT /r").body, "data from defaults");
    assertStandardPrototypes(fromDefaults.DEFAULTS, "DEFAULTS");
  });

  add("defaults() keeps the keys as own keys of DEFAULTS", () => {
    const builder = endpoint.defaults(hostile());
    assertStandardPrototypes(builder.DEFAULTS, "DEFAULTS");
    assert.equal(builder.DEFAULTS.polluted, undefined);
    for (const key of KEYS) assert.ok(Object.hasOwn(builder.DEFAULTS, key), key);
    assert.ok(Object.isFrozen(builder.DEFAULTS.__proto__));
    const child = builder.defaults(JSON.parse('{"__proto__":{"child":true}}'));
    assert.deepEqual(Object.getOwnPropertyDescriptor(child.DEFAULTS, "__proto__").value, {
      polluted: true,
      child: true,
    });
    assertStandardPrototypes(child.DEFAULTS, "child DEFAULTS");
    assertHostileOwn(builder("POST /r").body, "body from DEFAULTS");
  });

  add("merge() copies the keys as own keys, merging nested ones", () => {
    const builder = endpoint.defaults(JSON.parse('{"__proto__":{"a":"1"},"constructor":"c"}'));
    const merged = builder.merge("POST /r", JSON.parse('{"__proto__":{"b":"2"},"prototype":"p"}'));
    assertStandardPrototypes(merged, "merged");
    assert.deepEqual(Object.getOwnPropertyDescriptor(merged, "__proto__").value, {
      a: "1",
      b: "2",
    });
    assert.equal(Object.getOwnPropertyDescriptor(merged, "constructor").value, "c");
    assert.equal(Object.getOwnPropertyDescriptor(merged, "prototype").value, "p");
    assert.equal(merged.method, "POST");
    assert.equal(
      JSON.stringify(builder.parse(merged).body),
      '{"__proto__":{"a":"1","b":"2"},"constructor":"c","prototype":"p"}',
    );
  });

  add("parse() reads the keys as parameters", () => {
    const options = withHostile(`"method":"POST","url":"${API}/r"`);
    const result = endpoint.parse(options);
    assertHostileOwn(result.body, "parse body");
    assertStandardPrototypes(result, "parse");
    const query = endpoint.parse(
      JSON.parse(
        `{"method":"GET","url":"${API}/r","__proto__":"a","constructor":"b","prototype":"c"}`,
      ),
    );
    assert.equal(query.url, `${API}/r?__proto__=a&constructor=b&prototype=c`);
  });

  add("query parameters and url variables of those names are parameters", () => {
    const strings = '{"__proto__":"a","constructor":"b","prototype":"c"}';
    for (const [name, builder] of builders) {
      const query = builder("GET /r", JSON.parse(strings)).url;
      assert.ok(
        query.includes("?__proto__=a&constructor=b&prototype=c") ||
          query.includes("&__proto__=a&constructor=b&prototype=c"),
        `${name} ${query}`,
      );
      assert.equal(
        builder("GET /r/{__proto__}/{constructor}/{prototype}", JSON.parse(strings)).url.split(
          "?",
        )[0],
        `${API}/r/a/b/c`,
        name,
      );
      const map = builder("GET /r", JSON.parse('{"__proto__":{"a":"1"}}')).url;
      assert.ok(map.includes("__proto__=a,1"), `${name} ${map}`);
    }
    // Never an inherited value: missing own keys expand to nothing, or are missing.
    assert.equal(endpoint("GET /r{/constructor}{/toString}{?__proto__}").url, `${API}/r`);
    assert.throws(
      () => endpoint("GET /r/{constructor}/{toString}"),
      { name: "TypeError", message: /Missing parameter "constructor"/ },
    );
  });

  add("headers of those names are headers, never the prototype", () => {
    const headers = JSON.parse('{"__proto__":"x","Constructor":"y","prototype":"z"}');
    for (const [name, builder] of builders) {
      for (
        const result of [
          builder("GET /r", { headers }),
          builder.parse(builder.merge("GET /r", { headers })),
          builder.defaults({ headers }).DEFAULTS,
          builder.merge("GET /r", { headers }),
        ]
      ) {
        assert.equal(Object.getPrototypeOf(result.headers), Object.prototype, name);
        assert.equal(Object.getOwnPropertyDescriptor(result.headers, "__proto__").value, "x");
        assert.equal(Object.getOwnPropertyDescriptor(result.headers, "constructor").value, "y");
        assert.equal(Object.getOwnPropertyDescriptor(result.headers, "prototype").value, "z");
        assertStandardPrototypes(result, name);
      }
    }
    const removed = endpoint.defaults({ headers }).defaults({
      headers: JSON.parse('{"__proto__":null}'),
    });
    assert.equal(Object.hasOwn(removed.DEFAULTS.headers, "__proto__"), false);
    assert.equal(Object.getPrototypeOf(removed.DEFAULTS.headers), Object.prototype);
  });

  add("request keeps the keys, merged with the defaults' request", () => {
    const request = hostile();
    assert.equal(endpoint("GET /r", { request }).request, request);
    const builder = endpoint.defaults({ request: JSON.parse('{"__proto__":{"a":1},"timeout":1}') });
    for (
      const result of [
        builder("GET /r", { request: JSON.parse('{"__proto__":{"b":2},"constructor":"c"}') }),
        builder.parse(
          builder.merge("GET /r", {
            request: JSON.parse('{"__proto__":{"b":2},"constructor":"c"}'),
          }),
        ),
      ]
    ) {
      assertStandardPrototypes(result, "request");
      assert.deepEqual(Object.getOwnPropertyDescriptor(result.request, "__proto__").value, {
        a: 1,
        b: 2,
      });
      assert.equal(result.request.timeout, 1);
      assert.equal(Object.getOwnPropertyDescriptor(result.request, "constructor").value, "c");
    }
    assertStandardPrototypes(builder.DEFAULTS, "DEFAULTS");
  });

  add("mediaType reads only its own format and previews", () => {
    const mediaType = JSON.parse(
      '{"__proto__":{"format":"raw","previews":["x"]},"constructor":{"format":"diff"}}',
    );
    for (const [name, builder] of builders.slice(0, 4)) {
      assert.equal(
        builder("GET /r", { mediaType }).headers.accept,
        "application/vnd.github.v3+json",
        name,
      );
      const defaults = builder.defaults({ mediaType }).DEFAULTS;
      assert.deepEqual(Object.keys(defaults.mediaType), ["format"], name);
      assertStandardPrototypes(defaults, name);
    }
    const formatted = endpoint("GET /r", {
      mediaType: JSON.parse('{"format":"raw","__proto__":{"previews":["x"]}}'),
    });
    assert.equal(formatted.headers.accept, "application/vnd.github.v3.raw");
  });

  return cases;
};
