/**
 * The `routecast` command: a route and HTTPie-style items in, request
 * options out (as JSON, a curl command or a fetch call). It sends nothing.
 *
 * ```sh
 * routecast "POST /repos/{owner}/{repo}/issues" owner=octocat repo=hello \
 *   title="Found a bug" labels:='["bug"]' Authorization:"token $TOKEN"
 * routecast GET /users/octocat/repos per_page==5
 * routecast openapi stripe.json > stripe-table.json
 * ```
 *
 * Runs under Deno (`deno run cli.ts ...`) and Node.js (the npm `bin`);
 * importing it has no side effects. The command lives in `src/cli/`; this
 * file starts it. It also exports {@linkcode toFetchSource}, which prints
 * `--fetch` output, so that only this entry carries it.
 *
 * @module
 */

import { main, type Runtime } from "./src/cli/mod.ts";

export { main, runCli } from "./src/cli/mod.ts";
export type { CliInput, CliResult } from "./src/cli/mod.ts";
export { toFetchSource } from "./src/adapters/to_fetch_source.ts";

/**
 * Whether this module is the program being run: `import.meta.main` where the
 * runtime has it (Deno, Node.js 24.2 and later); on older Node.js, whether
 * the script path (through any symlink, such as npm's `bin`) is this file.
 */
function isEntryPoint(): boolean {
  const meta = import.meta as { main?: boolean; url: string };
  if (typeof meta.main === "boolean") return meta.main;
  const process = (globalThis as Runtime).process;
  const script = process?.argv[1];
  const fs = process?.getBuiltinModule?.("node:fs") as
    | { realpathSync(path: string): string }
    | undefined;
  const url = process?.getBuiltinModule?.("node:url") as
    | { pathToFileURL(path: string): URL }
    | undefined;
  if (script === undefined || fs === undefined || url === undefined) return false;
  try {
    return url.pathToFileURL(fs.realpathSync(script)).href === meta.url;
  } catch {
    return false;
  }
}

if (isEntryPoint()) main();
