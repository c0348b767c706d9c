/**
 * Calls into the package that the browser test makes in a page and in Node,
 * returning plain data, so the two can be compared as a whole.
 */

/**
 * Runs every call and returns its result or its error, by name.
 *
 * @param {{ main: any, uriTemplate: any, lite: any }} modules The modules of
 *   `.`, `./uri-template` and `./lite`.
 * @returns {Record<string, { value?: unknown, error?: object }>} The outcomes.
 */
export function runCalls({ main, uriTemplate, lite }) {
  const { endpoint } = main;
  const { expand, parseTemplate, UriTemplateError } = uriTemplate;
  const enterprise = endpoint.defaults({
    baseUrl: "https://ghe.example.com/api/v3",
    headers: { authorization: "token 0000" },
    mediaType: { format: "raw" },
  });
  const calls = {
    get: () =>
      endpoint("GET /repos/{owner}/{repo}/issues", {
        owner: "octocat",
        repo: "hello-world",
        labels: ["bug", "help wanted"],
        q: "is:open author:@me",
      }),
    post: () =>
      endpoint("POST /repos/:owner/:repo/issues", {
        owner: "octocat",
        repo: "hello-world",
        title: "Found a bug",
        milestone: null,
      }),
    defaults: () => enterprise("GET /orgs/{org}/repos", { org: "my-org", per_page: 1 }),
    merge: () => enterprise.merge("PATCH /gists/{gist_id}", { gist_id: "aa5a315d" }),
    parse: () =>
      enterprise.parse(enterprise.merge("PUT /user/starred/{owner}/{repo}", {
        owner: "o",
        repo: "r",
      })),
    lite: () => lite.endpoint("GET /users/{username}{?page}", { username: "octocat", page: 2 }),
    expand: () =>
      expand("{+base}{/path*}{?q,list}{#frag}", {
        base: "https://example.com",
        path: ["a b", "ü"],
        q: "x&y",
        list: ["1", "2"],
        frag: "top/1",
      }),
    expandTs: () =>
      expand("{;m*}{.d}{x:3}", { m: { k: "v" }, d: ["a", "b"], x: "abcdef" }, {
        engine: "ts",
      }),
    parseTemplate: () => {
      const template = parseTemplate("/repos/{owner}/{repo}{?page}");
      return [template.variableNames, template.expand({ owner: "o", repo: "r", page: 3 })];
    },
    routeError: () => endpoint("GET /x y"),
    templateError: () => endpoint("GET /repos/{owner", { owner: "o" }),
    liteTemplateError: () => lite.endpoint("GET /a/}b"),
    valueError: () => expand("{x}", { x: Symbol("s") }),
    pathError: () => endpoint("GET /r/{owner}", { owner: ".." }),
  };
  return Object.fromEntries(
    Object.entries(calls).map(([name, run]) => {
      try {
        return [name, { value: run() }];
      } catch (error) {
        return [name, {
          error: {
            name: error.name,
            message: error.message,
            isTypeError: error instanceof TypeError,
            isUriTemplateError: error instanceof UriTemplateError,
            index: error.index,
          },
        }];
      }
    }),
  );
}
