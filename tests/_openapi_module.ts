/**
 * routecast's `./openapi` entry for the tests against real descriptions,
 * imported by a computed specifier until src/openapi/ lands on main, so that
 * those tests type-check before it does (they are ignored while it is missing).
 * ROUTECAST_OPENAPI_MODULE=<absolute path to a mod.ts> points them at another
 * copy, such as a work in progress.
 *
 * @module
 */

/** A builder as `fromOpenAPI` returns it (rule 24's `createEndpoint` builder). */
export type Builder = (route: string, options?: Record<string, unknown>) => {
  method: string;
  url: string;
  headers: Record<string, unknown>;
  body?: unknown;
};

export interface OpenAPIModule {
  fromOpenAPI(description: object, options?: { baseUrl?: string }): Builder;
  /** The builder from `compileOpenAPI`'s table (else `fromOpenAPI` takes the table). */
  fromOpenAPITable(table: object, options?: { baseUrl?: string }): Builder;
  compileOpenAPI(description: object): object;
}

const specifier = Deno.env.get("ROUTECAST_OPENAPI_MODULE") ?? "../src/openapi/mod.ts";

async function load(): Promise<OpenAPIModule | undefined> {
  try {
    const module = await import(specifier.startsWith("/") ? `file://${specifier}` : specifier);
    return { ...module, fromOpenAPITable: module.fromOpenAPITable ?? module.fromOpenAPI };
  } catch (error) {
    if (error instanceof TypeError && /Module not found|Cannot find module/.test(error.message)) {
      return undefined;
    }
    throw error;
  }
}

/** `undefined` while src/openapi/mod.ts does not exist. */
export const routecastOpenAPI: OpenAPIModule | undefined = await load();
