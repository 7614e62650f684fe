/**
 * One note's regex replacement: every match outside the protected ranges is replaced, using
 * JavaScript's replacement patterns ($1, $<name>, $&, $`, $', $$); matches touching a protected
 * range are kept as written and counted as `skipped`. The first few replacements come back as
 * previews: the line around the match before and after, cut to a readable width.
 * Invariant: the text outside replaced matches is returned byte for byte.
 */
import { parseSections } from '@mcp-connector/markdown';
import { sectionSpan, type SectionSpan } from '@mcp-connector/markdown/vault';
import type { RegexBudget, RegexMatch, UserRegex } from '../../../services/regex/index.ts';
import { isProtected, protectedRanges, type GuardOptions } from './protected-ranges.ts';

export interface Preview {
  /** 0-based line of the match's start. */
  line: number;
  before: string;
  after: string;
}

export interface ReplaceOutcome {
  text: string;
  replacements: number;
  skipped: number;
  previews: Preview[];
}

const CONTEXT = 40;
const MAX_EXCERPT = 240;

export interface Replacement extends GuardOptions {
  regex: UserRegex;
  replacement: string;
  budget: RegexBudget;
}

/**
 * `knownSections` gives the text's sections when the caller holds them for this very text (the
 * index's metadata); without them, or when it gives null, the text is parsed. Either is asked
 * only once the text has a match.
 */
export function replaceInNote(
  text: string,
  options: Replacement,
  previews: number,
  knownSections: () => readonly SectionSpan[] | null = () => null,
): ReplaceOutcome {
  const outcome: ReplaceOutcome = { text, replacements: 0, skipped: 0, previews: [] };
  const { regex, budget, replacement } = options;
  const matches = regex.matches(text, budget);
  if (matches.length === 0) return outcome; // most notes: no need to parse them
  const guarded = protectedRanges(
    text,
    knownSections() ?? parseSections(text).map(sectionSpan),
    options,
  );
  let result = '';
  let copied = 0;
  for (const match of matches) {
    const end = match.offset + match.text.length;
    result += text.slice(copied, match.offset);
    copied = end;
    if (isProtected(guarded, match.offset, end)) {
      outcome.skipped++;
      result += match.text;
      continue;
    }
    const expanded = expandReplacement(replacement, match, text);
    outcome.replacements++;
    if (outcome.previews.length < previews) {
      outcome.previews.push(preview(text, match.offset, end, expanded));
    }
    result += expanded;
  }
  outcome.text = result + text.slice(copied);
  return outcome;
}

/** ECMAScript's GetSubstitution: the replacement string with its `$` patterns filled in. */
export function expandReplacement(template: string, match: RegexMatch, text: string): string {
  if (!template.includes('$')) return template;
  return template.replace(/\$(\$|&|`|'|\d{1,2}|<[^>]*>)/g, (whole, token: string) => {
    if (token === '$') return '$';
    if (token === '&') return match.text;
    if (token === '`') return text.slice(0, match.offset);
    if (token === "'") return text.slice(match.offset + match.text.length);
    if (token.startsWith('<')) {
      return match.groups === undefined ? whole : (match.groups[token.slice(1, -1)] ?? '');
    }
    return captureReference(token, match.captures);
  });
}

/** `$nn` when group nn exists, else `$n` followed by the second digit, else the text as written. */
function captureReference(digits: string, captures: (string | undefined)[]): string {
  const count = captures.length;
  const two = Number(digits);
  if (digits.length === 2 && two >= 1 && two <= count) return captures[two - 1] ?? '';
  const one = Number(digits.charAt(0));
  if (one >= 1 && one <= count) return (captures[one - 1] ?? '') + digits.slice(1);
  return `$${digits}`;
}

function preview(text: string, start: number, end: number, replacement: string): Preview {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const newline = text.indexOf('\n', end);
  const lineEnd = newline === -1 ? text.length : newline;
  const left = text.slice(Math.max(lineStart, start - CONTEXT), start);
  const right = text.slice(end, Math.min(lineEnd, end + CONTEXT)).replace(/\r$/, '');
  return {
    line: countLines(text, start),
    before: clip(left + text.slice(start, end) + right),
    after: clip(left + replacement + right),
  };
}

function countLines(text: string, offset: number): number {
  let lines = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
}

function clip(excerpt: string): string {
  return excerpt.length <= MAX_EXCERPT ? excerpt : `${excerpt.slice(0, MAX_EXCERPT)}…`;
}
