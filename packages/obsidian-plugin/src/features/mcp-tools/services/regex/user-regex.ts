/**
 * An agent's regex, made safe to run over every note (docs/architecture/ADR-0008): checked by
 * JavaScript's parser (`invalid_regex`), rewritten to RE2 syntax (regex-syntax.ts;
 * `unsupported_regex` for lookahead and backreferences), and run by re2js, whose matching is
 * linear in the text, under a RegexBudget (`regex_timeout`). Flags: i, m, s, u, g, each at most
 * once; every search finds all matches, so `g` changes nothing, and RE2 is always Unicode-aware.
 * A pattern that is plain text is first looked for with the native search, which reads a text
 * many times faster than re2js: a text without it is passed over, and re2js only reads the rest.
 * Where the native search reads the pattern as RE2 does (no surrogate in it; with `i`, printable
 * ASCII) it finds the matches too, and re2js does not run.
 */
import { ToolError } from '@mcp-connector/shared';
import { RE2JS } from 're2js';
import type { RegexBudget } from './regex-budget.ts';
import { toRe2Syntax, unsupported } from './regex-syntax.ts';

const ALLOWED_FLAGS = 'gimsu';
/** The characters that make a pattern more than the text it spells, in JavaScript and in RE2. */
const SYNTAX = /[\\^$.|?*+()[\]{}]/;
/** Printable ASCII, where RE2's case folding and JavaScript's (flag u) agree. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
/** Half of a pair: RE2 reads code points, so it never matches half of one; indexOf would. */
const SURROGATE = /[\ud800-\udfff]/;

export interface RegexMatch {
  text: string;
  /** Offset of the match in the text, in UTF-16 code units (as JavaScript counts). */
  offset: number;
  captures: (string | undefined)[];
  groups: Record<string, string | undefined> | undefined;
}

export class UserRegex {
  private compiled: RE2JS | null = null;

  constructor(
    readonly source: string,
    readonly flags: string,
    private readonly re2Source: string,
    private readonly re2Flags: number,
    /** How the native search serves the pattern; null when it cannot. */
    private readonly native: NativeSearch | null = null,
  ) {}

  /** Whether the pattern matches anywhere in `text`. */
  test(text: string, budget: RegexBudget): boolean {
    if (this.native !== null && !this.native.mayMatch(text)) return false;
    if (this.native?.matches) return true;
    return this.run(text, budget, (engine, input) => engine.test(input));
  }

  /** Every non-overlapping match, in order. */
  matches(text: string, budget: RegexBudget): RegexMatch[] {
    if (this.native?.matches) return this.native.matches(text);
    if (this.native !== null && !this.native.mayMatch(text)) return [];
    return this.run(text, budget, (engine, input) =>
      [...engine.matchAll(input)].map((match) => ({
        text: match[0],
        offset: match.index ?? 0,
        captures: match.slice(1),
        groups: match.groups ?? undefined,
      })),
    );
  }

  private run<T>(text: string, budget: RegexBudget, call: (engine: RE2JS, input: string) => T): T {
    const engine = (this.compiled ??= RE2JS.compile(this.re2Source, this.re2Flags));
    try {
      return budget.run(text, programSize(engine), (input) => call(engine, input));
    } catch (error) {
      this.compiled = null; // a call stopped half-way may leave the engine's caches mid-update
      throw error;
    }
  }
}

export function compilePattern(pattern: string, flags: string): UserRegex {
  if (pattern === '') {
    throw new ToolError('invalid_regex', 'pattern is empty; give the text or regex to find.');
  }
  assertFlags(flags);
  try {
    new RegExp(pattern, flags);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ToolError('invalid_regex', `Invalid regex: ${reason}. Fix the pattern.`, {
      pattern,
    });
  }
  const re2Source = toRe2Syntax(pattern, flags.includes('s'));
  const re2Flags =
    RE2JS.LOOKBEHINDS |
    (flags.includes('i') ? RE2JS.CASE_INSENSITIVE : 0) |
    (flags.includes('m') ? RE2JS.MULTILINE : 0) |
    (flags.includes('s') ? RE2JS.DOTALL : 0);
  try {
    RE2JS.compile(re2Source, re2Flags);
  } catch (error) {
    const reason =
      error instanceof Error ? error.message.replace(/^error parsing regexp: /, '') : '';
    throw unsupported(`a construct RE2 refuses (${reason})`);
  }
  return new UserRegex(pattern, flags, re2Source, re2Flags, nativeSearch(pattern, flags));
}

interface NativeSearch {
  /** False where the pattern cannot match; it may say yes where RE2 says no, never the reverse. */
  mayMatch: (text: string) => boolean;
  /** The matches, exactly those re2js finds; null when only re2js can tell them. */
  matches: ((text: string) => RegexMatch[]) | null;
}

/**
 * For a pattern that is plain text: whether a text holds it and, where the native search reads
 * the pattern as RE2 does, its matches (a plain text's leftmost non-overlapping occurrences, in
 * either engine). Case-sensitively that is `includes` and `indexOf`, unless the pattern holds a
 * surrogate: RE2 reads code points, so it never matches half of a pair. Case-insensitively it is
 * a native expression of the same text, with flags `iu`, which for printable ASCII folds as RE2
 * does (k also matches the Kelvin sign, s the long s).
 */
function nativeSearch(pattern: string, flags: string): NativeSearch | null {
  if (SYNTAX.test(pattern)) return null;
  if (!flags.includes('i')) {
    const exact = !SURROGATE.test(pattern);
    return {
      mayMatch: (text) => text.includes(pattern),
      matches: exact ? (text) => literalMatches(text, pattern) : null,
    };
  }
  if (!PRINTABLE_ASCII.test(pattern)) return null;
  const folded = new RegExp(pattern, 'iu');
  const everywhere = new RegExp(pattern, 'giu');
  return {
    mayMatch: (text) => folded.test(text),
    matches: (text) => foldedMatches(text, everywhere),
  };
}

/** Every occurrence of `literal` (not empty) in `text`, each search going on after the last. */
function literalMatches(text: string, literal: string): RegexMatch[] {
  const matches: RegexMatch[] = [];
  for (let at = text.indexOf(literal); at !== -1; at = text.indexOf(literal, at + literal.length))
    matches.push({ text: literal, offset: at, captures: [], groups: undefined });
  return matches;
}

/** Every match of a global expression of plain text (never empty), in order. */
function foldedMatches(text: string, expression: RegExp): RegexMatch[] {
  const matches: RegexMatch[] = [];
  for (const match of text.matchAll(expression))
    matches.push({ text: match[0], offset: match.index, captures: [], groups: undefined });
  return matches;
}

/** The compiled program's length (re2js internals; unknown means "always check the clock"). */
function programSize(engine: RE2JS): number {
  const internals = engine as unknown as { re2Input?: { prog?: { inst?: unknown[] } } };
  return internals.re2Input?.prog?.inst?.length ?? Number.POSITIVE_INFINITY;
}

function assertFlags(flags: string): void {
  const seen = new Set<string>();
  for (const flag of flags) {
    if (!ALLOWED_FLAGS.includes(flag) || seen.has(flag)) {
      throw new ToolError(
        'invalid_regex',
        `Invalid flags "${flags}": use each of g, i, m, s, u at most once.`,
        { flags },
      );
    }
    seen.add(flag);
  }
}
