/**
 * The engines, and the choice `"auto"` makes between them on each
 * expansion. The engines sit in one object that is read when a template is
 * compiled, so that tests can watch which engine runs.
 *
 * @module
 */

import { LONG_INPUT } from "./_template.ts";
export { LONG_INPUT };
import { BoundedCache } from "../_cache.ts";
import type { CompiledTemplate, CompiledUrlTemplate, Engine } from "./_engine.ts";
import type { Part } from "./_syntax.ts";
import { tsEngine, TsTemplate } from "./_ts_engine.ts";
import { type Normalized, Pairs } from "./_values.ts";
import { wasmEngine } from "./_wasm_engine.ts";

/** The TypeScript engine and the WebAssembly engine. */
export const engines: { ts: Engine; wasm: Engine } = { ts: tsEngine, wasm: wasmEngine };

/** The length of `values`, counted no further than `LONG_INPUT`. */
function inputLength(values: readonly Normalized[]): number {
  let total = 0;
  for (let v = 0; v < values.length && total < LONG_INPUT; v++) {
    const value = values[v];
    if (typeof value === "string") {
      total += value.length;
    } else if (value !== undefined) {
      const items = value instanceof Pairs ? value.flat : value;
      for (let i = 0; i < items.length && total < LONG_INPUT; i++) total += items[i].length;
    }
  }
  return total;
}

class AutoTemplate implements CompiledUrlTemplate {
  readonly variableNames: readonly string[];
  readonly parts: readonly Part[];
  readonly #template: string;
  readonly #short: CompiledTemplate;
  /**
   * The WebAssembly template, compiled on first use; `null` where it cannot
   * run or compile, or the template has a dashed name (WebAssembly's
   * scanner is strict RFC 6570).
   */
  #long: CompiledTemplate | null | undefined;

  constructor(template: string, dash: boolean) {
    const short = new TsTemplate(template, dash);
    this.#template = template;
    this.#short = short;
    this.parts = short.parts;
    this.variableNames = short.variableNames;
    if (dash && this.variableNames.some((name) => name.includes("-"))) this.#long = null;
  }

  expand(values: readonly Normalized[], length = inputLength(values)): string {
    if (length < LONG_INPUT) return this.#short.expand(values);
    let long = this.#long;
    if (long === undefined) {
      const wasm = engines.wasm;
      long = this.#long = wasm.unavailable() === undefined
        ? compileOrNull(wasm, this.#template)
        : null;
    }
    if (long !== null) {
      // An input too large for WebAssembly memory is expanded by TypeScript,
      // so that "auto" fails only where "ts" would.
      try {
        return long.expand(values);
      } catch (error) {
        if (!(error instanceof RangeError)) throw error;
      }
    }
    return this.#short.expand(values);
  }
}

/** `engine.compile(template)`, or `null` when the template is too large for the engine. */
function compileOrNull(engine: Engine, template: string): CompiledTemplate | null {
  try {
    return engine.compile(template);
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/**
 * Compiles `template` for `"auto"`: TypeScript now, WebAssembly when an
 * expansion first has long inputs.
 *
 * @param template The template text.
 * @param dash Whether `-` is a letter in variable names (docs/design.md
 * rule 18: route urls only); a template with a dashed name expands on
 * TypeScript alone.
 * @returns The compiled template.
 * @throws {UriTemplateError} When the template is malformed.
 */
export function compileAuto(template: string, dash = false): CompiledUrlTemplate {
  return new AutoTemplate(template, dash);
}

let urls: BoundedCache<CompiledUrlTemplate> | undefined;

/**
 * Not part of the package's interface: how routecast's main entry compiles
 * a route's url (cached, `"auto"`'s engine choice, `-` allowed in names,
 * docs/design.md rule 18), offered by `mod.ts` so that an entry chooses
 * its engine by importing that module. `parseTemplate` stays strict RFC 6570.
 *
 * @ignore
 */
export function compileUrlTemplate(text: string): CompiledUrlTemplate {
  return (urls ??= new BoundedCache((template) => compileAuto(template, true))).get(text);
}
