/**
 * `fromOpenAPI` (rule 25) against swagger-client's `buildRequest`, the OpenAPI
 * Initiative's own client, on real published descriptions (tests/testdata/openapi/,
 * vendored by scripts/vendor_openapi.ts) and the style table.
 *
 * For every operation with a parameter of a non-trivial kind or a form body,
 * values are generated from the schemas (deterministic, three modes) and both
 * builders build the request; method, URL (unreserved percent-encoding
 * normalized, nothing else), parameter headers and body must agree. Each
 * difference is either one of the documented ones (tests/_openapi_compare.ts,
 * DIFFERENCES) or a bug; the test fails on a bug, and on a documented
 * difference that occurs nowhere (so that the list cannot go stale). The
 * builder made from `compileOpenAPI`'s table must give the same results.
 *
 * Set ROUTECAST_OPENAPI_REPORT=<file> to write the counts and every bug as JSON.
 */
import { assert, assertEquals } from "@std/assert";
import {
  type Case,
  compare,
  describeParameter,
  type Difference,
  DIFFERENCES,
  type Outcome,
  resolveForSwagger,
} from "./_openapi_compare.ts";
import {
  CONTEXT_URL,
  DESCRIPTION_NAMES,
  loadDescription,
  nameCollision,
} from "./_openapi_descriptions.ts";
import { type Kind, operationKinds } from "./_openapi_operations.ts";
import { type Mode, seedOf, valuesFor } from "./_openapi_values.ts";
import { compileOpenAPI, fromOpenAPI, fromOpenAPITable } from "@routecast/endpoint/openapi";
import type { Endpoint } from "@routecast/endpoint";

const MODES: Mode[] = ["plain", "mixed", "edge"];

async function casesOf(name: string) {
  const description = loadDescription(name);
  const resolved = await resolveForSwagger(description.document);
  const cases: { mode: Mode; c: Case }[] = [];
  const skipped: string[] = [];
  for (const operation of description.operations) {
    for (const mode of MODES) {
      const generated = valuesFor(
        description.document,
        operation,
        mode,
        seedOf(`${name} ${operation.method} ${operation.path} ${mode}`),
      );
      const collision = nameCollision(operation);
      if (collision) {
        if (mode === "plain") skipped.push(`${operation.method} ${operation.path} (${collision})`);
        continue;
      }
      cases.push({
        mode,
        c: {
          name,
          document: description.document,
          resolved,
          operation,
          generated,
          ...(description.baseUrl ? { contextUrl: CONTEXT_URL } : {}),
        },
      });
    }
  }
  return { description, cases, skipped };
}

function call(api: Endpoint, c: Case) {
  const route = `${c.operation.method.toUpperCase()} ${c.operation.path}`;
  try {
    return { ok: true as const, request: api(route, { ...c.generated.values }) };
  } catch (error) {
    return { ok: false as const, error };
  }
}

/**
 * The one parameter or body field that shows a bug on its own (with the path and
 * required parameters at plain values), for the report; `undefined` when it takes several.
 */
function smallestReproduction(api: Endpoint, c: Case) {
  const plain = valuesFor(c.document, c.operation, "plain", 1).parameters;
  const path = Object.fromEntries(
    c.operation.parameters.filter((p) => p.in === "path" || p.required)
      .map((p) => [p.name, plain[p.name]]),
  );
  const { parameters, body } = c.generated;
  for (const [name, value] of Object.entries(c.generated.values)) {
    const inBody = body !== undefined && name in body && !(name in parameters);
    const generated = inBody
      ? { parameters: path, body: { [name]: value }, values: { ...path, [name]: value } }
      : { parameters: { ...path, [name]: value }, values: { ...path, [name]: value } };
    const small: Case = { ...c, generated };
    const outcome: Outcome = compare(small, call(api, small));
    if (outcome.kind === "bug") {
      return { [name]: value, routecast: outcome.routecast, swagger: outcome.swagger };
    }
  }
  return undefined;
}

Deno.test("swagger-client builds a request for every compared operation (plain and mixed values)", async () => {
  const { buildWithSwagger } = await import("./_openapi_compare.ts");
  for (const name of DESCRIPTION_NAMES) {
    const { cases } = await casesOf(name);
    assert(cases.length > 0, `${name}: no operation to compare`);
    for (const { mode, c } of cases) {
      if (mode === "edge") continue;
      const request = buildWithSwagger(c);
      assert(request.url.startsWith("http"), `${name} ${c.operation.path}: ${request.url}`);
    }
  }
});

Deno.test({
  name: "fromOpenAPI() builds what swagger-client builds, but for the documented differences",
  async fn() {
    const perDescription: Record<string, { operations: number; cases: number; skipped: string[] }> =
      {};
    const perKind: Partial<Record<Kind, number>> = {};
    const differences = Object.fromEntries(
      Object.keys(DIFFERENCES).map((d) => [d, 0]),
    ) as Record<Difference, number>;
    const bugs: unknown[] = [];
    let equal = 0;
    for (const name of DESCRIPTION_NAMES) {
      const { description, cases, skipped } = await casesOf(name);
      const options = description.baseUrl ? { baseUrl: description.baseUrl } : {};
      const api = fromOpenAPI(description.document, options);
      const table = JSON.parse(JSON.stringify(compileOpenAPI(description.document)));
      const fromTable = fromOpenAPI(table, options);
      const fromTableToo = fromOpenAPITable(table, options);
      const operations = new Set<string>();
      for (const { mode, c } of cases) {
        const route = `${c.operation.method.toUpperCase()} ${c.operation.path}`;
        operations.add(route);
        if (mode === "plain") {
          for (const kind of operationKinds(description.document, c.operation)) {
            perKind[kind] = (perKind[kind] ?? 0) + 1;
          }
        }
        const result = call(api, c);
        // The builders made from the compiled table (JSON round trip) behave identically.
        const expected = result.ok ? result.request : `throws ${result.error}`;
        for (
          const [which, builder] of [["fromOpenAPI", fromTable], [
            "fromOpenAPITable",
            fromTableToo,
          ]] as const
        ) {
          const other = call(builder, c);
          assertEquals(
            other.ok ? other.request : `throws ${other.error}`,
            expected,
            `${name} ${route} (${mode}): ${which}(compileOpenAPI(description)) differs`,
          );
        }
        const outcome = compare(c, result);
        if (outcome.kind === "equal") equal++;
        else if (outcome.kind === "explained") {
          for (const d of outcome.differences) differences[d]++;
        } else {
          bugs.push({
            description: name,
            route,
            mode,
            smallest: smallestReproduction(api, c),
            parameters: c.operation.parameters.map((p) =>
              `${p.name}: ${describeParameter(description.document, p)}`
            ),
            values: c.generated.values,
            routecast: outcome.routecast,
            swagger: outcome.swagger,
            note: outcome.note,
          });
        }
      }
      perDescription[name] = { operations: operations.size, cases: cases.length, skipped };
    }
    const report = { perDescription, perKind, equal, differences, bugs: bugs.length };
    console.log(JSON.stringify(report, null, 1));
    const file = Deno.env.get("ROUTECAST_OPENAPI_REPORT");
    if (file) {
      Deno.writeTextFileSync(
        file,
        JSON.stringify(
          { ...report, bugs },
          (_k, v) => v instanceof Date ? `Date(${v.toISOString()})` : v,
          1,
        ),
      );
    }
    assertEquals(bugs.slice(0, 5), [], `${bugs.length} undocumented differences`);
    const stale = Object.entries(differences).filter(([, n]) => n === 0).map(([d]) => d);
    assertEquals(
      stale,
      [],
      "documented differences that no longer occur: remove them from the list",
    );
  },
});
