/**
 * `fromOpenAPI` on Swagger 2.0 documents (rule 27) against swagger-client's
 * Swagger 2.0 `buildRequest`, on real published documents
 * (tests/testdata/swagger2/: Docker Engine, Kubernetes, Alertmanager, Slack,
 * Azure Resource Manager) and the collectionFormat table beside them.
 *
 * For every operation, values are generated from each parameter's type
 * (deterministic, three modes), both builders build the request, and method,
 * URL (unreserved percent-encoding normalized), parameter headers and body must
 * agree. Each difference is one of the documented ones
 * (tests/_swagger2_compare.ts, DIFFERENCES) or a bug; the test fails on a bug,
 * and on a documented difference that occurs nowhere. The builder made from
 * `compileOpenAPI`'s table must give the same results. (The validating server
 * of tests/openapi_wire_test.ts, express-openapi-validator, reads OpenAPI 3
 * only, so Swagger 2.0 documents are not sent through it.)
 */
import { assertEquals } from "@std/assert";
import {
  type Case,
  compare,
  type Difference,
  DIFFERENCES,
  type Json,
  operationsOf,
  plainBody,
  resolveForSwagger,
  valuesFor,
} from "./_swagger2_compare.ts";
import { seedOf } from "./_openapi_values.ts";
import { compileOpenAPI, fromOpenAPI, fromOpenAPITable } from "@routecast/endpoint/openapi";
import type { Endpoint } from "@routecast/endpoint";

export const SWAGGER2_NAMES = [
  "docker-engine",
  "kubernetes",
  "alertmanager",
  "slack-web",
  "azure-resource-links",
  "azure-storage",
  "azure-spellcheck",
  "gitea",
  "openstf",
  "collection-formats",
];
const CONTEXT = "https://relative.example.test";

export function loadSwagger2(name: string): Json {
  return JSON.parse(
    Deno.readTextFileSync(new URL(`./testdata/swagger2/${name}/swagger.json`, import.meta.url)),
  );
}

function call(api: Endpoint, c: Case) {
  const route = `${c.operation.method.toUpperCase()} ${c.operation.path}`;
  try {
    return { ok: true as const, request: api(route, { ...c.values }) };
  } catch (error) {
    return { ok: false as const, error };
  }
}

Deno.test("fromOpenAPI() builds from Swagger 2.0 what swagger-client builds, but for the documented differences", async () => {
  const perDocument: Record<string, { operations: number; cases: number }> = {};
  const differences = Object.fromEntries(Object.keys(DIFFERENCES).map((d) => [d, 0])) as Record<
    Difference,
    number
  >;
  const bugs: unknown[] = [];
  let equal = 0;
  for (const name of SWAGGER2_NAMES) {
    const document = loadSwagger2(name);
    const resolved = await resolveForSwagger(document);
    // No host: the caller's baseUrl, with the basePath (rule 27); swagger-client takes the context's host.
    const relative = document.host === undefined;
    const options = relative ? { baseUrl: CONTEXT + (document.basePath ?? "") } : {};
    const api = fromOpenAPI(document, options);
    const table = JSON.parse(JSON.stringify(compileOpenAPI(document)));
    const fromTable = fromOpenAPITable(table, options);
    const operations = operationsOf(resolved);
    let cases = 0;
    for (const operation of operations) {
      for (const mode of ["plain", "mixed", "edge"] as const) {
        const values = valuesFor(
          operation,
          mode,
          seedOf(`${name} ${operation.method} ${operation.path} ${mode}`),
        );
        const c: Case = {
          name,
          resolved,
          operation,
          values,
          ...(relative ? { contextUrl: CONTEXT } : {}),
        };
        cases++;
        const result = call(api, c);
        const other = call(fromTable, c);
        assertEquals(
          other.ok
            ? { ...other.request, body: plainBody(other.request.body) }
            : `throws ${other.error}`,
          result.ok
            ? { ...result.request, body: plainBody(result.request.body) }
            : `throws ${result.error}`,
          `${name} ${operation.method} ${operation.path} (${mode}): the compiled table differs`,
        );
        const outcome = compare(c, result);
        if (outcome.kind === "equal") equal++;
        else if (outcome.kind === "explained") {
          for (const d of outcome.differences) differences[d]++;
        } else {
          bugs.push({
            name,
            route: `${operation.method} ${operation.path}`,
            mode,
            values,
            ...outcome,
          });
        }
      }
    }
    perDocument[name] = { operations: operations.length, cases };
  }
  console.log(JSON.stringify({ perDocument, equal, differences, bugs: bugs.length }, null, 1));
  assertEquals(bugs.slice(0, 3), [], `${bugs.length} undocumented differences`);
  const stale = Object.entries(differences).filter(([, n]) => n === 0).map(([d]) => d);
  assertEquals(stale, [], "documented differences that no longer occur: remove them from the list");
});
