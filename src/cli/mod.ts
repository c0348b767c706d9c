/**
 * The `routecast` command, for `cli.ts` to start: {@linkcode runCli} runs it
 * on given arguments and input, {@linkcode main} on the process's. Its parts:
 * `arguments.ts` (options and the route), `items.ts` (the HTTPie-style
 * items), `input.ts` and `runtime.ts` (files, standard input and the
 * environment, within one budget), `api.ts` (the builder: `endpoint`,
 * `--neutral` or `--openapi`), `description.ts` (a JSON description),
 * `credentials.ts` (`--credential`), `openapi.ts` (`routecast openapi`),
 * `help.ts`, `run.ts` (one run) and `result.ts` (what a run prints and its
 * exit code).
 *
 * @module
 */

export { runCli } from "./_run.ts";
export { main } from "./_main.ts";
export type { CliResult } from "./_result.ts";
export type { CliInput } from "./_input.ts";
export type { Runtime } from "./_runtime.ts";
