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
import { routecastOpenAPI } from "./_openapi_module.ts";

const MODES: Mode[] = ["plain", "mixed", "edge"];

const routecast = routecastOpenAPI;

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
  ignore: routecast === undefined,
  async fn() {
    const { fromOpenAPI, fromOpenAPITable, compileOpenAPI } = routecast!;
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
      const fromTable = fromOpenAPITable(table, options);
      const operations = new Set<string>();
      for (const { mode, c } of cases) {
        const route = `${c.operation.method.toUpperCase()} ${c.operation.path}`;
        operations.add(route);
        if (mode === "plain") {
          for (const kind of operationKinds(description.document, c.operation)) {
            perKind[kind] = (perKind[kind] ?? 0) + 1;
          }
        }
        let result: { ok: true; request: Record<string, unknown> } | { ok: false; error: unknown };
        try {
          result = { ok: true, request: api(route, { ...c.generated.values }) };
        } catch (error) {
          result = { ok: false, error };
        }
        // The builder made from the compiled table behaves identically.
        let fromTableResult: unknown;
        try {
          fromTableResult = fromTable(route, { ...c.generated.values });
        } catch (error) {
          fromTableResult = `throws ${error}`;
        }
        assertEquals(
          fromTableResult,
          result.ok ? result.request : `throws ${result.error}`,
          `${name} ${route} (${mode}): the builder from compileOpenAPI's table differs`,
        );
        const outcome = compare(c, result as never);
        if (outcome.kind === "equal") equal++;
        else if (outcome.kind === "explained") {
          for (const d of outcome.differences) differences[d]++;
        } else {
          bugs.push({
            description: name,
            route,
            mode,
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
