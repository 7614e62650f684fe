/**
 * Turning an agent's pattern into a RegExp that is safe to run over every note: only the flags
 * g, i, m, s and u (each once; `g` is always added, a replace replaces every match), valid
 * JavaScript syntax (`invalid_regex`), and no catastrophic backtracking (`unsafe_regex`):
 * safe-regex2 refuses nested quantifiers such as `(a+)+` or `(.*a){12}`.
 * safe-regex2's parser does not know lookbehind, so `(?<=` and `(?<!` are checked as plain groups;
 * their contents are still checked.
 */
import { ToolError } from '@mcp-connector/shared';
import safeRegex from 'safe-regex2';

const ALLOWED_FLAGS = 'gimsu';

export function compilePattern(pattern: string, flags: string): RegExp {
  if (pattern === '') {
    throw new ToolError('invalid_regex', 'pattern is empty; give the text or regex to find.');
  }
  assertFlags(flags);
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, flags.includes('g') ? flags : `${flags}g`);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ToolError('invalid_regex', `Invalid regex: ${reason}. Fix the pattern.`, {
      pattern,
    });
  }
  if (!safeRegex(withoutLookbehind(pattern))) {
    throw new ToolError(
      'unsafe_regex',
      'The pattern could backtrack catastrophically (a quantifier inside a repeated group, like (a+)+, or too many repetitions). Rewrite it without nested quantifiers.',
      { pattern },
    );
  }
  return regex;
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

/** The pattern with each lookbehind opener `(?<=` / `(?<!` written as `(?:` (escapes and classes kept). */
export function withoutLookbehind(pattern: string): string {
  let result = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern.charAt(i);
    if (char === '\\') {
      result += pattern.slice(i, i + 2);
      i++;
    } else if (inClass) {
      if (char === ']') inClass = false;
      result += char;
    } else if (char === '[') {
      inClass = true;
      result += char;
    } else if (char === '(' && /^\(\?<[=!]/.test(pattern.slice(i, i + 4))) {
      result += '(?:';
      i += 3;
    } else {
      result += char;
    }
  }
  return result;
}
