// TEMPORARY shim until the template-facade branch lands (contract of issue 12).
import { parseParts } from "./_ts_engine.ts";

export const enum Operator {
  Simple,
  Reserved,
  Fragment,
  Label,
  Path,
  Param,
  Query,
  Continuation,
}
export interface VarSpec {
  readonly name: string;
  readonly index: number;
  readonly prefix: number;
  readonly explode: boolean;
}
export interface Expression {
  readonly op: Operator;
  readonly index: number;
  readonly end: number;
  readonly specs: readonly VarSpec[];
}
export type Part = string | Expression;

export function parseSyntax(template: string, options?: { dashInNames?: boolean }): Part[] {
  let text = template;
  if (options?.dashInNames) {
    text = template.replace(/\{[^{}]*\}/g, (m) => m.replaceAll("-", "%2D"));
  }
  const parts = parseParts(text);
  const opens: number[] = [];
  for (let i = 0; i < template.length; i++) if (template[i] === "{") opens.push(i);
  let k = 0;
  return parts.map((part) => {
    if (typeof part === "string") return part;
    const index = opens[k++];
    return {
      op: part.op as Operator,
      index,
      end: template.indexOf("}", index) + 1,
      specs: part.specs.map((s) => ({
        name: s.name.replaceAll("%2D", "-"),
        index: s.index,
        prefix: s.prefix,
        explode: s.explode,
      })),
    };
  });
}
