/**
 * The command run by the process: its arguments in, its output printed and
 * its exit code set.
 *
 * @module
 */

import { runCli } from "./_run.ts";
import { type Runtime, runtimeReadEnv, runtimeReadFile, runtimeReadStdin } from "./_runtime.ts";

/**
 * Runs the command with the process's arguments: prints through `console`
 * and sets the exit code (`Deno.exit` under Deno; `process.exitCode` under
 * Node.js, so that buffered output is flushed before the process ends).
 * Standard input is read only for `--raw`, and not when it is a terminal.
 *
 * @example
 * ```ts ignore
 * import { main } from "@routecast/endpoint/cli";
 *
 * main(); // as `routecast ...` does
 * ```
 */
export function main(): void {
  const { Deno: deno, process } = globalThis as Runtime;
  const args = deno?.args ?? process?.argv.slice(2) ?? [];
  const { code, stdout, stderr } = runCli(args, {
    readStdin: runtimeReadStdin,
    readFile: runtimeReadFile,
    readEnv: runtimeReadEnv,
  });
  if (stdout !== "") console.log(stdout);
  if (stderr !== "") console.error(stderr);
  if (deno !== undefined) deno.exit(code);
  else if (process !== undefined) process.exitCode = code;
}
