/**
 * JavaScript regex syntax rewritten for RE2 (re2js), so an agent's pattern means what it would
 * mean in JavaScript wherever RE2 can run it: `\uXXXX`, `\u{...}` and `\cX` become `\x{...}`,
 * `\s` and `.` get JavaScript's wider sets (Unicode spaces; `.` excludes `\r`, U+2028 and U+2029),
 * `[^]` and `[]` become "any" and "nothing". Lookahead and backreferences have no linear-time
 * implementation: they are refused with `unsupported_regex` naming the construct.
 * The input has already passed JavaScript's own parser, so it is well formed.
 */
import { ToolError } from '@mcp-connector/shared';

/** JavaScript's `\s`: tab to carriage return, the Unicode separators, and the BOM. */
const JS_SPACE = '\\t-\\r\\p{Z}\\x{FEFF}';
const ANY = '\\x{0}-\\x{10FFFF}';
const LINE_CHARACTER = '[^\\n\\r\\x{2028}\\x{2029}]';

export function toRe2Syntax(pattern: string, dotAll: boolean): string {
  let result = '';
  let inClass = false;
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern.charAt(index);
    if (char === '\\') {
      const [text, width] = escapeAt(pattern, index, inClass);
      result += text;
      index += width - 1;
    } else if (inClass) {
      if (char === ']') inClass = false;
      result += char;
    } else if (pattern.startsWith('[^]', index)) {
      result += `[${ANY}]`;
      index += 2;
    } else if (pattern.startsWith('[]', index)) {
      result += `[^${ANY}]`;
      index += 1;
    } else if (char === '[') {
      inClass = true;
      result += char;
    } else if (pattern.startsWith('(?=', index) || pattern.startsWith('(?!', index)) {
      throw unsupported('a lookahead, (?=...) or (?!...)');
    } else {
      result += char === '.' && !dotAll ? LINE_CHARACTER : char;
    }
  }
  return result;
}

/** The RE2 text for the escape at `index`, and how many characters of the pattern it used. */
function escapeAt(pattern: string, index: number, inClass: boolean): [string, number] {
  const next = pattern.charAt(index + 1);
  if (/[1-9]/.test(next) || (next === 'k' && pattern.charAt(index + 2) === '<')) {
    throw unsupported('a backreference, such as \\1 or \\k<name>');
  }
  switch (next) {
    case 'u':
      return unicodeEscape(pattern, index);
    case 'c': {
      const letter = pattern.charAt(index + 2);
      if (!/[a-zA-Z]/.test(letter)) return ['\\\\c', 2];
      return [`\\x{${(letter.charCodeAt(0) % 32).toString(16)}}`, 3];
    }
    case '0':
      return ['\\x{0}', 2];
    case 's':
      return [inClass ? JS_SPACE : `[${JS_SPACE}]`, 2];
    case 'S':
      return [inClass ? '\\S' : `[^${JS_SPACE}]`, 2];
    case '/':
      return ['/', 2];
    default:
      return [`\\${next}`, 2];
  }
}

function unicodeEscape(pattern: string, index: number): [string, number] {
  const braced = /^\\u\{([0-9a-fA-F]+)\}/.exec(pattern.slice(index));
  if (braced !== null) return [`\\x{${braced[1]}}`, braced[0].length];
  const four = /^\\u([0-9a-fA-F]{4})/.exec(pattern.slice(index));
  if (four !== null) return [`\\x{${four[1]}}`, 6];
  return ['u', 2]; // outside unicode mode, JavaScript reads a lone \u as "u"
}

export function unsupported(construct: string): ToolError {
  return new ToolError(
    'unsupported_regex',
    `The pattern uses ${construct}, which the linear-time regex engine cannot run (it keeps every search bounded in time). Rewrite the pattern without it; a capture group and $1 in the replacement often do the same job.`,
  );
}
