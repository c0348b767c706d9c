/**
 * The descriptions in tests/testdata/openapi/ (real ones vendored by
 * scripts/vendor_openapi.ts, and the style table written for routecast), with
 * the operations that the comparison and the wire test use.
 *
 * @module
 */
import { type Json, type Operation, operationsOf } from "./_openapi_operations.ts";

export const DESCRIPTION_NAMES = [
  "stripe",
  "kubernetes",
  "asana",
  "jira",
  "apideck-vault",
  "azure-servicefabric",
  "superset",
  "adyen-checkout",
  "style-table",
] as const;

/** Where a relative server URL is resolved from (swagger-client's `contextUrl`). */
export const CONTEXT_URL = "https://relative.example.test/";

export interface Description {
  name: string;
  document: Json;
  operations: Operation[];
  /** Set when the description's first server is relative: both builders get this base. */
  baseUrl?: string;
}

export function loadDescription(name: string): Description {
  const document = JSON.parse(
    Deno.readTextFileSync(new URL(`./testdata/openapi/${name}/openapi.json`, import.meta.url)),
  );
  const server = document.servers?.[0]?.url ?? "/";
  const absolute = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(server);
  return {
    name,
    document,
    operations: operationsOf(document),
    ...(absolute ? {} : { baseUrl: new URL(server, CONTEXT_URL).href }),
  };
}

/** A name that two of an operation's parameters share (in two `in`s): one options object cannot say both. */
export function nameCollision(operation: Operation): string | undefined {
  const seen = new Set<string>();
  for (const { name } of operation.parameters) {
    if (seen.has(name)) return name;
    seen.add(name);
  }
  return undefined;
}
