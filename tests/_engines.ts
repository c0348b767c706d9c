/** The template engines every engine-level test runs against. */
import type { EngineName } from "@routecast/endpoint/uri-template";

/** Each engine, and "auto" (the default) that chooses between them; each test runs once per name. */
export const ENGINES: readonly EngineName[] = ["ts", "wasm", "auto"];
