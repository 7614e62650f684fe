/**
 * What a chunk looks like to a reader, for embedding and keyword matching: markdown reduced to
 * its visible words. Comments (`<!-- -->`, `%% %%`) and URLs go, links keep their text, task
 * checkboxes, heading and emphasis markers go, tags become words. Models see prose instead of syntax,
 * and an edit to a comment or a URL does not change a chunk's hash.
 */
const RULES: [RegExp, string][] = [
  [/<!--[\s\S]*?-->/g, ' '],
  [/%%[\s\S]*?%%/g, ' '],
  [/!?\[\[([^\]|#]*)(?:#([^\]|]*))?(?:\|([^\]]*))?\]\]/g, '$3 $1 $2'],
  [/!?\[([^\]]*)\]\((?:[^()\s]|\([^()]*\))*\)/g, '$1'],
  [/<?\bhttps?:\/\/[^\s>)]+>?/g, ' '],
  [/^(\s*(?:>\s*)*)(?:[-*+]|\d+[.)])\s+\[.\]\s+/gm, '$1- '],
  [/(\*\*|__|==|~~)/g, ''],
  [/^(\s*(?:>\s*)*)#{1,6}\s+/gm, '$1'],
  [/(^|\s)#([\p{L}\p{N}_/-]+)/gu, '$1$2'],
  [/[ \t]+/g, ' '],
  [/^ | $/gm, ''],
  [/\n{3,}/g, '\n\n'],
];

export function plainText(markdown: string): string {
  let text = markdown;
  for (const [pattern, replacement] of RULES) text = text.replace(pattern, replacement);
  return text.trim();
}
