/** The template engines every engine-level test runs against. */
import type { EngineName } from "@routecast/endpoint/uri-template";

/** Both engines; each test runs once per engine. */
export const ENGINES: readonly EngineName[] = ["ts", "wasm"];
