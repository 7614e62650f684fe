/**
 * A note keeps its line-ending style through an edit: when every line break of the text before
 * the edit was CRLF, every line break of the edited text is written as CRLF too (tools and
 * YAML writers produce LF). Notes with LF or mixed endings are left exactly as edited.
 */
export function keepLineEndings(before: string, after: string): string {
  if (!usesCrlf(before) || after === before) return after;
  return after.replace(/\r?\n/g, '\r\n');
}

/** Whether every line break of the text is CRLF (and there is at least one). */
export function usesCrlf(text: string): boolean {
  const lineFeeds = count(text, '\n');
  return lineFeeds > 0 && count(text, '\r\n') === lineFeeds;
}

function count(text: string, needle: string): number {
  let total = 0;
  for (let index = text.indexOf(needle); index !== -1; index = text.indexOf(needle, index + 1))
    total++;
  return total;
}
