/**
 * The script of the browser test's pages. It loads the package modules named
 * in its query (`main`, `uriTemplate`, `lite`: URLs) and writes what it finds
 * as JSON into `#results`. A page that names only `lite` loads nothing else.
 */

const violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  violations.push(`${event.effectiveDirective} ${event.blockedURI}`);
});

async function results() {
  const query = new URL(import.meta.url).searchParams;
  if (!query.has("main")) {
    const lite = await import(query.get("lite"));
    return { liteUrl: lite.endpoint("GET /users/{username}", { username: "octocat" }).url };
  }
  const [main, uriTemplate, lite, { runCalls }] = await Promise.all([
    import(query.get("main")),
    import(query.get("uriTemplate")),
    import(query.get("lite")),
    import("/calls.mjs"),
  ]);
  let wasm;
  try {
    wasm = uriTemplate.parseTemplate("/x", { engine: "wasm" }).engine;
  } catch (error) {
    wasm = `${error.name}: ${error.message}`;
  }
  return {
    engine: uriTemplate.parseTemplate("/x").engine,
    wasm,
    calls: runCalls({ main, uriTemplate, lite }),
  };
}

const out = document.getElementById("results");
let text;
try {
  const found = await results();
  // Violation events are queued as tasks: let them arrive first.
  await new Promise((resolve) => setTimeout(resolve, 50));
  text = JSON.stringify({ ...found, violations });
} catch (error) {
  text = JSON.stringify({ failure: String(error?.stack ?? error) });
}
out.textContent = text;
out.dataset.done = "true";
