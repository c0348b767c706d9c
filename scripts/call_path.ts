/**
 * Which source files a call runs, in order: steps through one
 * `endpoint(route, parameters)` with the V8 inspector (`Debugger.stepInto`
 * at every statement, getter and callback) and prints the files its code
 * ran in, each change of file counted (issue 30's "a first call crosses 16
 * files, back and forth").
 *
 * ```sh
 * deno run --allow-run --allow-net --allow-read --allow-write scripts/call_path.ts [--call n] [--entry mod.ts] [--root dir]
 * ```
 *
 * `--call n` steps through the n-th call of the route in a new process (1,
 * the first, by default: the plan is compiled; 2: the cache keeps the route
 * on second sight; 3: the plan is cached). `--root` measures another
 * checkout (for a before/after). The route and parameters are
 * `GET /repos/{owner}/{repo}` with `{ owner: "a", repo: "b" }`.
 *
 * @module
 */

import { parseArgs } from "node:util";

const { values: options } = parseArgs({
  args: Deno.args,
  options: {
    call: { type: "string", default: "1" },
    entry: { type: "string", default: "mod.ts" },
    root: { type: "string", default: new URL("../", import.meta.url).pathname },
    port: { type: "string", default: String(9300 + Math.floor(Math.random() * 600)) },
    json: { type: "boolean", default: false },
  },
});

const root = Deno.realPathSync(options.root) + "/";
const call = Number(options.call);
const CALL = `endpoint("GET /repos/{owner}/{repo}", { owner: "a", repo: "b" });`;
const target = `${root}.call_path_target.ts`;
await Deno.writeTextFile(
  target,
  `import { endpoint } from "./${options.entry}";\n` +
    `${CALL}\n`.repeat(call - 1) +
    `debugger;\n${CALL}\nconsole.log("done");\n`,
);

const child = new Deno.Command(Deno.execPath(), {
  args: ["run", "--allow-read", "--allow-env", `--inspect-brk=127.0.0.1:${options.port}`, target],
  stdout: "null",
  stderr: "null",
}).spawn();

/** The inspector's WebSocket address, once the child listens. */
async function debuggerUrl(): Promise<string> {
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      const response = await fetch(`http://127.0.0.1:${options.port}/json/list`);
      const [first] = await response.json();
      if (first?.webSocketDebuggerUrl) return first.webSocketDebuggerUrl;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the inspector did not start");
}

const socket = new WebSocket(await debuggerUrl());
await new Promise((resolve) => socket.addEventListener("open", resolve, { once: true }));

let nextId = 1;
const replies = new Map<number, (result: unknown) => void>();
const scripts = new Map<string, string>();
/** A paused call frame: where it stands. */
type Frame = { location: { scriptId: string; lineNumber: number } };
let onPause: ((frames: Frame[]) => void) | null = null;

socket.addEventListener("message", (event) => {
  const message = JSON.parse(event.data);
  if (message.id !== undefined) {
    replies.get(message.id)?.(message.result);
    replies.delete(message.id);
  } else if (message.method === "Debugger.scriptParsed") {
    scripts.set(message.params.scriptId, message.params.url);
  } else if (message.method === "Debugger.paused") {
    onPause?.(message.params.callFrames);
  }
});

function send(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
  const id = nextId++;
  socket.send(JSON.stringify({ id, method, params }));
  return new Promise((resolve) => replies.set(id, resolve));
}

const pauses: Frame[][] = [];
let wake: (() => void) | null = null;
onPause = (frames) => {
  pauses.push(frames);
  wake?.();
};
function nextPause(): Promise<Frame[]> {
  return new Promise((resolve) => {
    const take = () => {
      wake = null;
      resolve(pauses.shift()!);
    };
    if (pauses.length > 0) take();
    else wake = take;
  });
}

await send("Runtime.enable");
await send("Debugger.enable");
await send("Runtime.runIfWaitingForDebugger");
// `--inspect-brk` pauses before the target's first line, then `debugger;`.
await nextPause();
await send("Debugger.resume");

// The `debugger;` statement, then the call's statement in the target.
let frames = await nextPause();
await send("Debugger.stepOver");
frames = await nextPause();
const targetUrl = scripts.get(frames[0].location.scriptId)!;
const callLine = frames[0].location.lineNumber;
const path: string[] = [];
let steps = 0;
for (;;) {
  await send("Debugger.stepInto");
  frames = await nextPause();
  steps++;
  const { scriptId, lineNumber } = frames[0].location;
  const url = scripts.get(scriptId) ?? `script ${scriptId}`;
  if (url === targetUrl) {
    if (lineNumber > callLine) break;
    continue;
  }
  const file = url.startsWith(`file://${root}`) ? url.slice(`file://${root}`.length) : url;
  if (path.at(-1) !== file) path.push(file);
}
await send("Debugger.resume");
socket.close();
await child.status;
await Deno.remove(target);

const distinct = [...new Set(path)].filter((file) => file.startsWith("src/"));
const runtime = [...new Set(path)].filter((file) => !file.startsWith("src/"));
if (options.json) {
  console.log(JSON.stringify({ call, steps, path, distinct, runtime }));
} else {
  console.log(`call ${call} of ${CALL.slice(0, -1)} (${steps} steps):`);
  console.log(`  ${path.length} files in order: ${path.join(" -> ")}`);
  console.log(`  ${distinct.length} distinct source files: ${distinct.join(", ")}`);
  console.log(`  and the runtime's: ${runtime.join(", ") || "none"}`);
}
