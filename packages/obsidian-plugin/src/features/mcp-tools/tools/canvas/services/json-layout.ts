/**
 * Where each value of a JSON text sits: a tree of offsets (objects with their members, arrays
 * with their items), so an edit can splice new text in and keep every other byte. The text must
 * already be valid JSON (`JSON.parse` it first); the scanner does not re-check the grammar.
 * Offsets count UTF-16 code units; `end` is exclusive.
 */
const [QUOTE, COMMA, BACKSLASH] = [0x22, 0x2c, 0x5c];
const [OPEN_BRACE, CLOSE_BRACE, OPEN_BRACKET, CLOSE_BRACKET] = [0x7b, 0x7d, 0x5b, 0x5d];

export type JsonLayout =
  | { kind: 'object'; start: number; end: number; members: JsonMember[] }
  | { kind: 'array'; start: number; end: number; items: JsonLayout[] }
  | { kind: 'scalar'; start: number; end: number };

export interface JsonMember {
  key: string;
  keyStart: number;
  keyEnd: number;
  value: JsonLayout;
}

export function scanJson(text: string): JsonLayout {
  const scanner = { text, at: 0 };
  skipSpace(scanner);
  return scanValue(scanner);
}

interface Scanner {
  text: string;
  at: number;
}

function scanValue(scanner: Scanner): JsonLayout {
  const { text } = scanner;
  const char = text.charCodeAt(scanner.at);
  if (char === OPEN_BRACE) return scanObject(scanner);
  if (char === OPEN_BRACKET) return scanArray(scanner);
  const start = scanner.at;
  if (char === QUOTE) scanner.at = stringEnd(text, start);
  else while (scanner.at < text.length && !endsScalar(text.charCodeAt(scanner.at))) scanner.at++;
  return { kind: 'scalar', start, end: scanner.at };
}

function scanObject(scanner: Scanner): JsonLayout {
  const start = scanner.at++;
  const members: JsonMember[] = [];
  skipSpace(scanner);
  while (scanner.text.charCodeAt(scanner.at) !== CLOSE_BRACE) {
    const keyStart = scanner.at;
    const keyEnd = stringEnd(scanner.text, keyStart);
    scanner.at = keyEnd;
    skipSpace(scanner);
    scanner.at++; // ':'
    skipSpace(scanner);
    const value = scanValue(scanner);
    const key = JSON.parse(scanner.text.slice(keyStart, keyEnd)) as string;
    members.push({ key, keyStart, keyEnd, value });
    skipSeparator(scanner);
  }
  return { kind: 'object', start, end: ++scanner.at, members };
}

function scanArray(scanner: Scanner): JsonLayout {
  const start = scanner.at++;
  const items: JsonLayout[] = [];
  skipSpace(scanner);
  while (scanner.text.charCodeAt(scanner.at) !== CLOSE_BRACKET) {
    items.push(scanValue(scanner));
    skipSeparator(scanner);
  }
  return { kind: 'array', start, end: ++scanner.at, items };
}

/** The offset just past the string that opens at `start`: its first quote not escaped. */
function stringEnd(text: string, start: number): number {
  let quote = text.indexOf('"', start + 1);
  while (isEscaped(text, quote)) quote = text.indexOf('"', quote + 1);
  return quote + 1;
}

/** Whether an odd run of backslashes stands before `at`. */
function isEscaped(text: string, at: number): boolean {
  let backslashes = 0;
  while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++;
  return backslashes % 2 === 1;
}

function skipSeparator(scanner: Scanner): void {
  skipSpace(scanner);
  if (scanner.text.charCodeAt(scanner.at) === COMMA) scanner.at++;
  skipSpace(scanner);
}

function skipSpace(scanner: Scanner): void {
  while (isSpace(scanner.text.charCodeAt(scanner.at))) scanner.at++;
}

/** JSON whitespace, and a byte order mark at the start. */
function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d || code === 0xfeff;
}

function endsScalar(code: number): boolean {
  return isSpace(code) || code === COMMA || code === CLOSE_BRACKET || code === CLOSE_BRACE;
}
