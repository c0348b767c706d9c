/**
 * Helpers for type tests: `deno check` (run by `deno task check`) fails on
 * a `pinType` that is not `true` and on an unused `@ts-expect-error`.
 *
 * @module
 */

/** `true` when `A` and `B` are the same type. */
export type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true
  : false;

/** Fails `deno check` unless `Check` is `true`. */
export function pinType<Check extends true>(): Check | void {}

/** Holds lines that exist only to be type-checked (most carry `@ts-expect-error`). */
export function typeOnly(_lines: () => void): void {}
