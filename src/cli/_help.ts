/**
 * The text of `routecast --help`.
 *
 * @module
 */

import { MAX_DEPTH } from "../endpoint/kit.ts";
import { VERSION } from "../version.ts";
import { MAX_INPUT_TEXT } from "./_input.ts";

/** What `routecast --help` prints. */
export const HELP: string =
  `routecast ${VERSION}: turns a route and parameters into HTTP request options.

Usage:
  routecast [options] [METHOD] <url> [items...]
  routecast [options] "<METHOD> <url>" [items...]
  routecast --openapi <description.json> [options] METHOD <path> [items...]
  routecast openapi <description.json | ->

  The url is a path (joined to the base URL) or a full URL, either an RFC 6570
  template. Without a METHOD (a word of letters) it is POST when the request
  has a body to send (an item that is not a url variable, a header, a query
  item or an option; or --raw), else GET, as in HTTPie.

Items (as in HTTPie):
  name=value     a string parameter: a url variable, else a query parameter
                 (GET, HEAD), else a JSON body key
  name:=json     a raw JSON parameter: number, boolean, null, list or object,
                 nested at most ${MAX_DEPTH} levels deep
  name==value    a query parameter, for any method: it fills the url's own
                 {?name} or {&name}, else name=value is added to the query
  name=@file     a string parameter read from a file (UTF-8)
  name:=@file    a raw JSON parameter read from a file
  Header:value   a request header; "Header:" with no value removes a default one

  The earliest separator in an item decides its kind and, where several start
  at the same place, the longest: "a:=1" is JSON, "A:b" a header, "a=b:c" a
  string. A backslash makes the next ":", "=", "@" or "\\" plain: "a\\:b=c" is
  the string parameter "a:b". A header name must be an HTTP token. Repeating a
  name makes a list: labels=bug labels=docs. Items named like an endpoint()
  option set it: data=text sends a raw body, mediaType:='{"format":"raw"}'.

  Files and standard input are read up to ${MAX_INPUT_TEXT} in all:
  past that, routecast stops reading and exits 1.

Any API:
  By default routecast builds as endpoint() does, with GitHub's defaults: it
  sends GitHub's accept and user-agent headers to any host, --base-url
  included ("Accept:" and "User-Agent:" items remove them).
  --neutral        build as createEndpoint() does: no accept, user-agent or
                   host (a path needs --base-url)
  --openapi FILE   build as fromOpenAPI() does, from a description as JSON
                   (convert YAML to JSON first) or a table routecast openapi
                   wrote; "-" reads standard input.
                   The route is an operation of it, METHOD and path as its
                   paths name them: any other route exits 1. name=value items
                   go where the description puts them.
  --no-strict      with --openapi: a route or an item the description does
                   not declare is built as --neutral builds it, not refused
  --server VALUE   with --openapi: the server, an index (0 is the first) or
                   one of the urls of the description's servers
  --server-variable NAME=VALUE
                   with --openapi: a variable of the server's url (repeatable)
  --credential NAME=@FILE | NAME=@- | NAME=env:VARIABLE | NAME=VALUE
                   with --openapi: the credential of the security scheme NAME,
                   read from a file, standard input or an environment
                   variable (a file or standard input loses one final
                   newline); USER:PASSWORD for a basic scheme (repeatable).
                   NAME=VALUE puts the secret in the argument list, which
                   other users of the machine can see (ps): prefer the others.

The operation table (for fromOpenAPITable in @routecast/endpoint/openapi):
  routecast openapi description.json > table.json
                 reads an OpenAPI 3.0 or 3.1 description or a Swagger 2.0
                 one (JSON; "-" reads standard input; convert YAML first),
                 nested at any depth, and prints the small table a builder
                 needs of it, to ship instead of the description, as
                 compileOpenAPI() writes it.
                 A url named "openapi" is written "/openapi".

Options:
  --curl           print a curl command (quoted for sh, bash, zsh and dash)
                   instead of JSON
  --fetch          print a fetch call (JavaScript) instead of JSON
  --base-url URL   prefix for a url that is a path (default https://api.github.com)
  --raw            send standard input, piped or redirected (< file), as the body;
                   standard input is read only for --raw, --openapi - and
                   --credential NAME=@-, and never from a terminal
  -h, --help       print this help
  -V, --version    print the version

Examples:
  routecast "POST /repos/{owner}/{repo}/issues" owner=octocat repo=hello \\
    title="Found a bug" labels:='["bug"]' Authorization:"token $TOKEN"
  routecast GET /users/octocat/repos per_page==5
  routecast --curl GET "/repos/{owner}/{repo}/issues" owner=octocat repo=hello state=open
  routecast --raw POST /markdown/raw Content-Type:text/plain < README.md
  routecast --neutral --base-url https://api.example.com GET /v1/items limit==10
  routecast --openapi stripe.json --credential bearerAuth=env:STRIPE_KEY \\
    --curl POST /v1/customers email=jenny@example.com
  routecast --openapi api.json --server-variable region=eu \\
    --credential basicAuth=@login.txt GET /items/{id} id=7

Exit status: 0 on success, 1 for invalid input (options that do not combine,
such as --neutral with --openapi, included), 2 for invalid usage.`;
