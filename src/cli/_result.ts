/**
 * How a run of the command ends: what it prints and its exit code, and the
 * one line an error prints on standard error.
 *
 * @module
 */

/**
 * What a run of the command prints and how it ends.
 *
 * @example
 * ```ts
 * import { type CliResult, runCli } from "@routecast/endpoint/cli";
 * import { assertEquals } from "@std/assert";
 *
 * const result: CliResult = runCli(["--version"]);
 * assertEquals(result.code, 0);
 * assertEquals(result.stdout.startsWith("routecast "), true);
 * ```
 */
export interface CliResult {
  /** `0` on success, `1` for invalid input, `2` for invalid usage. */
  readonly code: 0 | 1 | 2;
  /** Text for standard output (without the final newline), or `""`. */
  readonly stdout: string;
  /** One line for standard error (without the final newline), or `""`. */
  readonly stderr: string;
}

/** Invalid usage (an unknown option, no url): exit code 2 rather than 1. */
export class UsageError extends Error {}

/** `text` on one line: its lines trimmed and joined with spaces, empty ones left out. */
export function oneLine(text: string): string {
  return text.split("\n").map((line) => line.trim()).filter((line) => line !== "").join(" ");
}

/** A successful run that prints `stdout`. */
export function printed(stdout: string): CliResult {
  return { code: 0, stdout, stderr: "" };
}

/** A failed run: `error`'s message on one line of standard error. */
export function failed(code: 1 | 2, error: unknown): CliResult {
  return { code, stdout: "", stderr: `routecast: ${oneLine((error as Error).message)}` };
}
