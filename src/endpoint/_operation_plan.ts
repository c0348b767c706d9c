/**
 * What a declared operation (docs/design.md rule 25) adds to a plan: made
 * by `./openapi` from an OpenAPI description, used by `build()` through
 * these members only, so builders without a description carry none of its
 * code.
 *
 * @module
 */

import type { Headers } from "./_headers.ts";

/** What an operation reads of the plan it is part of. */
export interface PlanView {
  /** The url template's variable names, by index. */
  readonly url: { readonly names: readonly string[] };
  /** The defaults' value of each url variable, by index. */
  readonly urlDefaults: readonly unknown[];
  /** The defaults' value of each declared parameter, by index. */
  readonly declaredDefaults: readonly unknown[];
}

/** A declared operation, ready for `build()`. */
export interface OperationPlan {
  /** The url template: the path with each path parameter's RFC 6570 operator. */
  readonly template: string;
  /** The operation's own server (else the description's). */
  readonly server: string | undefined;
  /** The names of the declared parameters `write` takes values for, by index. */
  readonly names: readonly string[];
  /** The indexes of each declared parameter name into `names`. */
  readonly byName: ReadonlyMap<string, readonly number[]>;
  /**
   * Headers of the operation's credentials (rule 26), under the defaults'
   * and the call's: a caller's header of the same name wins, `null` removes it.
   */
  readonly headers?: Readonly<Headers>;
  /** Named options that this operation declares as its parameters or body fields. */
  readonly shadowed: ReadonlySet<string> | undefined;
  /**
   * Turns the url values (by index, the call's; the plan's defaults apply
   * under them) into what the url expands: a path parameter with JSON
   * `content` as its JSON text. Present when one needs it.
   */
  readonly pathValues: ((raw: unknown[], plan: PlanView) => void) | undefined;
  /**
   * Writes the declared query, header and cookie parameters, the call's
   * values (by index into `names`) over the plan's `declaredDefaults`:
   * returns the query, puts headers and cookies into `headers`.
   */
  write(values: readonly unknown[], plan: PlanView, headers: Headers): string;
  /**
   * The content type a body goes with, when the operation names one; `""`
   * for none (a multipart body's type needs the boundary its client writes).
   */
  readonly contentType: string | undefined;
  /**
   * The body that parameters make (a form string), or `undefined` for a
   * JSON object of them; throws when only `data` can be the body.
   */
  readonly body: ((members: Record<string, unknown>, route: string) => unknown) | undefined;
}

/** The operations of an OpenAPI description that a builder knows (rule 25). */
export interface DeclaredOperations {
  /** The plan of `"<METHOD> <path>"` (method upper-case), or `undefined` for another route. */
  operation(method: string, url: string, route: string): OperationPlan | undefined;
  /**
   * The named options that the operation of `method` (any case) and `url`
   * declares as its parameters or body fields, for `merge()` to carry them
   * apart (empty for a route that is no operation).
   */
  shadowed(method: string, url: string): ReadonlySet<string>;
  /** The description's first server, for routes without a server of their own. */
  readonly server: string | undefined;
}
