/**
 * Loads @octokit/core (with its @octokit/request and @octokit/graphql) from
 * node_modules twice: once on the real @octokit/endpoint, once on
 * routecast's `./octokit`, as an `overrides` entry would install them. Deno
 * resolves an npm package's own imports inside node_modules, so each
 * package's published module is read and imported as a `data:` URL with its
 * imports pointed at the chosen copies; both peers are loaded the same way.
 *
 * @module
 */

const ROOT = new URL("../", import.meta.url);

function read(path: string): string {
  return Deno.readTextFileSync(new URL(`node_modules/${path}`, ROOT));
}

/** `source` with its import specifiers replaced by `map` (other bare ones as `npm:`). */
function rewrite(source: string, map: Record<string, string>): string {
  return source.replace(/(\bfrom\s+)"([^"]+)"/g, (_, from: string, specifier: string) => {
    const target = map[specifier] ?? (specifier.startsWith(".") ? specifier : `npm:${specifier}`);
    return `${from}"${target}"`;
  });
}

function dataUrl(code: string): string {
  const bytes = new TextEncoder().encode(code);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `data:text/javascript;base64,${btoa(binary)}`;
}

/** The `Octokit` class of @octokit/core, its requests built by `endpointModule`. */
export type OctokitClass = new (options: Record<string, unknown>) => {
  request: (route: string, parameters?: Record<string, unknown>) => Promise<unknown>;
};

/**
 * Imports @octokit/core with @octokit/endpoint replaced by `endpointModule`
 * (a module URL or specifier exporting `endpoint`).
 */
export async function loadOctokit(endpointModule: string): Promise<OctokitClass> {
  const request = dataUrl(
    rewrite(read("@octokit/request/dist-bundle/index.js"), { "@octokit/endpoint": endpointModule }),
  );
  const graphql = dataUrl(
    rewrite(read("@octokit/graphql/dist-bundle/index.js"), { "@octokit/request": request }),
  );
  const core = dataUrl(rewrite(read("@octokit/core/dist-src/index.js"), {
    "@octokit/request": request,
    "@octokit/graphql": graphql,
    "./version.js": new URL("node_modules/@octokit/core/dist-src/version.js", ROOT).href,
  }));
  return (await import(core)).Octokit;
}

/** The two peers: routecast's `./octokit` and the reference. */
export const OCTOKIT_ENDPOINTS: readonly [string, string][] = [
  ["routecast (./octokit)", new URL("octokit.ts", ROOT).href],
  ["@octokit/endpoint", "npm:@octokit/endpoint"],
];
