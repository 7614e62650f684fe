/**
 * Counts the docs state in words or digits ("four palette commands", "58 tools"), found so tests
 * can hold them to the code's own counts.
 */
const WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
];

/** Every number stated right before `noun` (a regex source, e.g. `palette commands`). */
export function statedCounts(text: string, noun: string): number[] {
  const pattern = new RegExp(`\\b(\\d+|${WORDS.join('|')}) ${noun}\\b`, 'gi');
  return [...text.matchAll(pattern)].map((match) => {
    const said = (match[1] ?? '').toLowerCase();
    return /^\d+$/.test(said) ? Number(said) : WORDS.indexOf(said);
  });
}

/** Every `<number> MiB` right after `label` (a literal) in the text. */
export function statedMiB(text: string, label: string): number[] {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`${escaped}[^\\n]*?(\\d+(?:\\.\\d+)?) MiB`, 'g');
  return [...text.matchAll(pattern)].map((match) => Number(match[1]));
}
