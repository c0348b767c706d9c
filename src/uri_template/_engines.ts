/**
 * The engines `"auto"` chooses between, in one object that the facade reads
 * when it compiles, so that tests can watch which engine runs.
 *
 * @module
 */

import type { Engine } from "./_engine.ts";
import { tsEngine } from "./_ts_engine.ts";
import { wasmEngine } from "./_wasm_engine.ts";

/** The TypeScript engine and the WebAssembly engine. */
export const engines: { ts: Engine; wasm: Engine } = { ts: tsEngine, wasm: wasmEngine };
