/**
 * HTML to Markdown with Turndown: ATX headings, fenced code, `-` bullets; scripts, styles and
 * other non-content elements dropped; relative links and images made absolute against the page
 * URL, so an agent can follow them with another fetch.
 */
import type TurndownService from 'turndown';

/** Never page content. (Not `form`: some sites wrap the whole page in one.) */
const NON_CONTENT = new Set([
  'head',
  'title',
  'meta',
  'link',
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'object',
  'embed',
  'svg',
  'canvas',
]);

/** Turndown (and the DOM it brings) is loaded on the first fetch, not with the server. */
let turndownModule: Promise<typeof TurndownService> | null = null;

export async function htmlToMarkdown(html: string, pageUrl: string): Promise<string> {
  turndownModule ??= import('turndown').then((module) => module.default);
  const Turndown = await turndownModule;
  const turndown = new Turndown({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '*',
  });
  turndown.remove((node) => NON_CONTENT.has(node.nodeName.toLowerCase()));
  turndown.addRule('absoluteLinks', {
    filter: (node) => node.nodeName === 'A' && node.getAttribute('href') !== null,
    replacement: (content, node) => {
      const href = absolute(node.getAttribute('href') ?? '', pageUrl);
      const text = content.trim();
      return href === null || text === '' ? content : `[${text}](${href})`;
    },
  });
  turndown.addRule('absoluteImages', {
    filter: 'img',
    replacement: (_content, node) => {
      const src = absolute(node.getAttribute('src') ?? '', pageUrl);
      return src === null ? '' : `![${node.getAttribute('alt') ?? ''}](${src})`;
    },
  });
  return turndown.turndown(html).trim();
}

/** An absolute http(s) URL, or null for anything else (javascript:, data:, unparsable). */
function absolute(reference: string, base: string): string | null {
  try {
    const url = new URL(reference, base);
    return url.protocol === 'http:' || url.protocol === 'https:'
      ? url.href.replaceAll('(', '%28').replaceAll(')', '%29')
      : null;
  } catch {
    return null;
  }
}
