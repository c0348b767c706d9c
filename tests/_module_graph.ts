/** The module graph of an entry, as `deno info` reads it. */
import { assert } from "@std/assert";

/**
 * The specifiers of every module that `path` (relative to the repository
 * root) imports, itself included.
 */
export async function moduleSpecifiers(path: string): Promise<string[]> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", new URL(`../${path}`, import.meta.url).pathname],
  }).output();
  assert(output.success, new TextDecoder().decode(output.stderr));
  const graph = JSON.parse(new TextDecoder().decode(output.stdout));
  return graph.modules.map((module: { specifier: string }) => module.specifier);
}
