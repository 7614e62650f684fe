/**
 * A Pratt parser for Bases expressions, the one language of filters, formulas and summaries
 * (help.obsidian.md/bases/syntax, /bases/functions): literals (numbers, strings, true, false,
 * null, lists `[a, b]`, objects `{"k": v}`, regular expressions), names, member access
 * (`file.name`), indexing (`list[0]`, `note["my prop"]`), calls of global functions (`if(...)`)
 * and methods (`name.lower()`), unary `!` and `-`, and the binary operators with JavaScript's
 * precedence: `* / %`, then `+ -`, then `< <= > >=`, then `== !=`, then `&&`, then `||`.
 */
import { ExpressionSyntaxError, tokenize, type Token } from './lexer.ts';

export type Node =
  | { type: 'literal'; value: null | boolean | number | string }
  | { type: 'regex'; pattern: string; flags: string }
  | { type: 'name'; name: string }
  | { type: 'member'; object: Node; property: string }
  | { type: 'index'; object: Node; index: Node }
  | { type: 'call'; callee: Node; args: Node[] }
  | { type: 'unary'; operator: '!' | '-'; operand: Node }
  | { type: 'binary'; operator: BinaryOperator; left: Node; right: Node }
  | { type: 'list'; items: Node[] }
  | { type: 'object'; entries: [string, Node][] };

export type BinaryOperator =
  '||' | '&&' | '==' | '!=' | '<' | '<=' | '>' | '>=' | '+' | '-' | '*' | '/' | '%';

const BINDING: Record<BinaryOperator, number> = {
  '||': 1,
  '&&': 2,
  '==': 3,
  '!=': 3,
  '<': 4,
  '<=': 4,
  '>': 4,
  '>=': 4,
  '+': 5,
  '-': 5,
  '*': 6,
  '/': 6,
  '%': 6,
};
const UNARY_BINDING = 7;
const KEYWORDS: Record<string, null | boolean> = { true: true, false: false, null: null };

export { ExpressionSyntaxError } from './lexer.ts';

export function parseExpression(source: string): Node {
  const parser = new Parser(tokenize(source));
  const node = parser.expression(0);
  parser.expectEnd();
  return node;
}

class Parser {
  private position = 0;

  constructor(private readonly tokens: Token[]) {}

  expression(minimum: number): Node {
    let left = this.prefix();
    for (;;) {
      const token = this.peek();
      const binding = token.kind === 'operator' ? BINDING[token.text as BinaryOperator] : undefined;
      if (binding === undefined || binding <= minimum) return left;
      this.position++;
      const right = this.expression(binding);
      left = { type: 'binary', operator: token.text as BinaryOperator, left, right };
    }
  }

  expectEnd(): void {
    const token = this.peek();
    if (token.kind !== 'end')
      throw new ExpressionSyntaxError(`unexpected "${token.text}"`, token.at);
  }

  private prefix(): Node {
    const token = this.next();
    if (token.kind === 'operator' && (token.text === '!' || token.text === '-'))
      return { type: 'unary', operator: token.text, operand: this.expression(UNARY_BINDING) };
    return this.postfix(this.primary(token));
  }

  private primary(token: Token): Node {
    switch (token.kind) {
      case 'number':
      case 'string':
        return { type: 'literal', value: token.value as number | string };
      case 'regex': {
        const { pattern, flags } = token.value as { pattern: string; flags: string };
        return { type: 'regex', pattern, flags };
      }
      case 'name':
        return Object.hasOwn(KEYWORDS, token.text)
          ? { type: 'literal', value: KEYWORDS[token.text] as null | boolean }
          : { type: 'name', name: token.text };
      case 'end':
        throw new ExpressionSyntaxError('the expression ends too early', token.at);
      default:
        return this.grouping(token);
    }
  }

  private grouping(token: Token): Node {
    if (token.text === '(') {
      const inner = this.expression(0);
      this.expect(')');
      return inner;
    }
    if (token.text === '[') return { type: 'list', items: this.list(']') };
    if (token.text === '{') return { type: 'object', entries: this.entries() };
    throw new ExpressionSyntaxError(`unexpected "${token.text}"`, token.at);
  }

  private postfix(start: Node): Node {
    let node = start;
    for (;;) {
      const token = this.peek();
      if (token.kind !== 'operator') return node;
      if (token.text === '.') {
        this.position++;
        const name = this.next();
        if (name.kind !== 'name')
          throw new ExpressionSyntaxError('a name must follow "."', name.at);
        node = { type: 'member', object: node, property: name.text };
      } else if (token.text === '[') {
        this.position++;
        node = { type: 'index', object: node, index: this.expression(0) };
        this.expect(']');
      } else if (token.text === '(') {
        this.position++;
        node = { type: 'call', callee: node, args: this.list(')') };
      } else return node;
    }
  }

  /** Comma-separated expressions up to `close` (a trailing comma allowed). */
  private list(close: string): Node[] {
    const items: Node[] = [];
    while (!this.accept(close)) {
      items.push(this.expression(0));
      if (!this.accept(',')) {
        this.expect(close);
        break;
      }
    }
    return items;
  }

  private entries(): [string, Node][] {
    const entries: [string, Node][] = [];
    while (!this.accept('}')) {
      const key = this.next();
      if (key.kind !== 'string' && key.kind !== 'name')
        throw new ExpressionSyntaxError('an object key must be a name or a string', key.at);
      this.expect(':');
      entries.push([key.kind === 'string' ? (key.value as string) : key.text, this.expression(0)]);
      if (!this.accept(',')) {
        this.expect('}');
        break;
      }
    }
    return entries;
  }

  private peek(): Token {
    return this.tokens[this.position] as Token;
  }

  private next(): Token {
    const token = this.peek();
    if (token.kind !== 'end') this.position++;
    return token;
  }

  private accept(text: string): boolean {
    const token = this.peek();
    if (token.kind !== 'operator' || token.text !== text) return false;
    this.position++;
    return true;
  }

  private expect(text: string): void {
    const token = this.peek();
    if (!this.accept(text))
      throw new ExpressionSyntaxError(
        `expected "${text}" but found "${token.text || 'the end'}"`,
        token.at,
      );
  }
}
