/**
 * The tokens of a Bases expression (help.obsidian.md/bases/syntax): numbers, strings in single
 * or double quotes (with backslash escapes), regular expressions (`/abc/g`, where an operand may
 * start; elsewhere `/` divides), names, and the operators and punctuation of the language.
 * A name is letters, digits, `_` and `$` (any script); a property with other characters is
 * reached as `note["my property"]`.
 */

export type TokenKind = 'number' | 'string' | 'regex' | 'name' | 'operator' | 'end';

export interface Token {
  kind: TokenKind;
  text: string;
  /** Offset of the token's first character in the expression. */
  at: number;
  /** The value of a number or string; a regex's pattern and flags. */
  value?: number | string | { pattern: string; flags: string };
}

/** A problem with an expression's text, at an offset. */
export class ExpressionSyntaxError extends Error {
  constructor(
    message: string,
    readonly at: number,
  ) {
    super(message);
    this.name = 'ExpressionSyntaxError';
  }
}

const OPERATORS = ['==', '!=', '<=', '>=', '&&', '||', '+', '-', '*', '/', '%', '<', '>', '!'];
const PUNCTUATION = ['(', ')', '[', ']', '{', '}', ',', '.', ':'];
const NAME_START = /[\p{L}_$]/u;
const NAME_PART = /[\p{L}\p{N}_$]/u;
const DIGIT = /[0-9]/;
const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '0': '\0' };

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < source.length) {
    const char = source[at] as string;
    if (/\s/.test(char)) {
      at++;
      continue;
    }
    const token = readToken(source, at, tokens.at(-1));
    tokens.push(token);
    at = token.at + token.text.length;
  }
  tokens.push({ kind: 'end', text: '', at: source.length });
  return tokens;
}

function readToken(source: string, at: number, previous: Token | undefined): Token {
  const char = source[at] as string;
  if (DIGIT.test(char)) return readNumber(source, at);
  if (char === '"' || char === "'") return readString(source, at, char);
  if (NAME_START.test(char)) return readName(source, at);
  if (char === '/' && !endsOperand(previous)) return readRegex(source, at);
  const operator = [...OPERATORS, ...PUNCTUATION].find((text) => source.startsWith(text, at));
  if (operator === undefined) throw new ExpressionSyntaxError(`unexpected "${char}"`, at);
  return { kind: 'operator', text: operator, at };
}

/** Whether a `/` after this token divides (it ends an operand) rather than opens a regex. */
function endsOperand(token: Token | undefined): boolean {
  if (token === undefined) return false;
  if (token.kind !== 'operator') return true;
  return token.text === ')' || token.text === ']' || token.text === '}';
}

function readNumber(source: string, start: number): Token {
  let at = start;
  while (at < source.length && DIGIT.test(source[at] as string)) at++;
  // A fraction needs a digit after the point: `5.isEmpty()` is the number 5 and a method.
  if (source[at] === '.' && DIGIT.test(source[at + 1] ?? '')) {
    at++;
    while (at < source.length && DIGIT.test(source[at] as string)) at++;
  }
  const text = source.slice(start, at);
  return { kind: 'number', text, at: start, value: Number(text) };
}

function readString(source: string, start: number, quote: string): Token {
  let value = '';
  let at = start + 1;
  while (at < source.length && source[at] !== quote) {
    if (source[at] === '\\' && at + 1 < source.length) {
      const escaped = source[at + 1] as string;
      value += ESCAPES[escaped] ?? escaped;
      at += 2;
      continue;
    }
    value += source[at];
    at++;
  }
  if (at >= source.length) throw new ExpressionSyntaxError('unterminated string', start);
  return { kind: 'string', text: source.slice(start, at + 1), at: start, value };
}

function readName(source: string, start: number): Token {
  let at = start + 1;
  while (at < source.length && NAME_PART.test(source[at] as string)) at++;
  return { kind: 'name', text: source.slice(start, at), at: start };
}

function readRegex(source: string, start: number): Token {
  let at = start + 1;
  let inClass = false;
  while (at < source.length) {
    const char = source[at];
    if (char === '\\') at++;
    else if (char === '[') inClass = true;
    else if (char === ']') inClass = false;
    else if (char === '/' && !inClass) break;
    at++;
  }
  if (at >= source.length)
    throw new ExpressionSyntaxError('unterminated regular expression', start);
  const pattern = source.slice(start + 1, at);
  let end = at + 1;
  while (end < source.length && /[a-z]/.test(source[end] as string)) end++;
  const flags = source.slice(at + 1, end);
  return { kind: 'regex', text: source.slice(start, end), at: start, value: { pattern, flags } };
}
