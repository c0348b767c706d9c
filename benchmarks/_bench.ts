/**
 * `Deno.bench` for this suite, where every bench belongs to a group. With
 * `ROUTECAST_BENCH_GROUP` set, only that group is registered:
 * scripts/bench_report.ts runs each group in a process of its own, so that
 * the JIT state and garbage one group leaves behind do not weigh on the next.
 *
 * @module
 */

const canReadGroup = Deno.permissions.querySync({
  name: "env",
  variable: "ROUTECAST_BENCH_GROUP",
}).state === "granted";
const only = canReadGroup ? Deno.env.get("ROUTECAST_BENCH_GROUP") : undefined;

/** Every group the suite defines, in order, whether registered or not. */
export const GROUPS: string[] = [];

/** Registers a bench in `options.group` (unless another group was asked for). */
export function bench(
  name: string,
  options: { group: string; baseline?: boolean },
  fn: () => void,
): void {
  if (!GROUPS.includes(options.group)) GROUPS.push(options.group);
  if (only === undefined || only === options.group) Deno.bench(name, options, fn);
}

/** Whether the whole suite runs (not one group for scripts/bench_report.ts). */
export function isFullRun(): boolean {
  return only === undefined;
}

let sink = 0;

/**
 * Reads a result the way its user would: its last character, which makes V8
 * join a string built by concatenation (a rope) into one, as sending it does.
 * Every peer's result goes through it alike.
 */
export function read(text: string): void {
  sink = (sink + text.charCodeAt(text.length - 1)) | 0;
}
