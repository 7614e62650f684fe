/**
 * What this evaluator cannot evaluate, found before anything runs, so that a base is never
 * answered by guessing: an expression that does not parse here, a function no Bases document
 * names (plugins may add functions), a function that makes a value only Obsidian's view can show,
 * a regular expression the linear-time engine refuses (ADR-0008), and a formula that is missing
 * or itself unsupported. The reason is what the answer's `unsupported` list says.
 */
import { ToolError } from '@mcp-connector/shared';
import { compilePattern } from '../../../../services/regex/index.ts';
import { METHOD_NAMES, RENDER_ONLY, globalFunction } from './functions/index.ts';
import { ExpressionSyntaxError, parseExpression, type Node } from './parser.ts';

/** A parsed expression, or why it cannot be evaluated. */
export type Checked = { ok: true; node: Node } | { ok: false; reason: string };

/** What a `formula.x` reference finds: nothing, an unsupported formula (why), or a formula. */
export type FormulaLookup = (name: string) => 'missing' | { unsupported: string } | 'ok';

export function checkExpression(source: string, formulas: FormulaLookup): Checked {
  let node: Node;
  try {
    node = parseExpression(source);
  } catch (error) {
    if (!(error instanceof ExpressionSyntaxError)) throw error;
    return {
      ok: false,
      reason: `does not parse here: ${error.message} at character ${error.at + 1}`,
    };
  }
  const reason = unsupportedIn(node, formulas);
  return reason === null ? { ok: true, node } : { ok: false, reason };
}

/** The first reason the expression cannot be evaluated, or null. */
export function unsupportedIn(node: Node, formulas: FormulaLookup): string | null {
  const own = ownReason(node, formulas);
  if (own !== null) return own;
  for (const child of children(node)) {
    const reason = unsupportedIn(child, formulas);
    if (reason !== null) return reason;
  }
  return null;
}

function ownReason(node: Node, formulas: FormulaLookup): string | null {
  switch (node.type) {
    case 'call':
      return callReason(node.callee);
    case 'regex':
      return regexReason(node.pattern, node.flags);
    case 'member':
      return formulaReason(node.object, node.property, formulas);
    case 'index':
      return node.index.type === 'literal' && typeof node.index.value === 'string'
        ? formulaReason(node.object, node.index.value, formulas)
        : null;
    default:
      return null;
  }
}

function callReason(callee: Node): string | null {
  if (callee.type === 'name') {
    if (RENDER_ONLY.has(callee.name))
      return `${callee.name}() makes a value only Obsidian's view can show`;
    return globalFunction(callee.name) === undefined
      ? `${callee.name}() is not a Bases function this server knows (a plugin's?)`
      : null;
  }
  if (callee.type !== 'member') return 'only functions can be called';
  return METHOD_NAMES.has(callee.property)
    ? null
    : `${callee.property}() is not a Bases function this server knows (a plugin's?)`;
}

function regexReason(pattern: string, flags: string): string | null {
  try {
    compilePattern(pattern, flags);
    return null;
  } catch (error) {
    if (error instanceof ToolError) return `/${pattern}/${flags}: ${error.message}`;
    throw error;
  }
}

function formulaReason(object: Node, name: string, formulas: FormulaLookup): string | null {
  if (object.type !== 'name' || object.name !== 'formula') return null;
  const found = formulas(name);
  if (found === 'missing') return `no formula ${name} in this base`;
  if (found === 'ok') return null;
  return `formula.${name} cannot be evaluated: ${found.unsupported}`;
}

function children(node: Node): Node[] {
  switch (node.type) {
    case 'member':
      return [node.object];
    case 'index':
      return [node.object, node.index];
    case 'call':
      return [...(node.callee.type === 'member' ? [node.callee.object] : []), ...node.args];
    case 'unary':
      return [node.operand];
    case 'binary':
      return [node.left, node.right];
    case 'list':
      return node.items;
    case 'object':
      return node.entries.map(([, value]) => value);
    default:
      return [];
  }
}
