/**
 * The view's HTML document around its bundled script and style, both inline: the MCP Apps
 * default CSP allows inline script and style and no network, so the page fetches nothing.
 * Refuses a script or style that would end its own element early.
 */

export interface ViewParts {
  title: string;
  style: string;
  script: string;
}

export function viewPage({ title, style, script }: ViewParts): string {
  assertInlineSafe(script, '</script', 'script');
  assertInlineSafe(style, '</style', 'style');
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title}</title>`,
    `<style>${style}</style>`,
    '</head>',
    '<body>',
    '<main id="results" aria-live="polite"></main>',
    `<script>${script}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

function assertInlineSafe(text: string, closer: string, what: string): void {
  const lower = text.toLowerCase();
  if (lower.includes(closer) || lower.includes('<!--')) {
    throw new Error(`The view's ${what} contains "${closer}" or "<!--" and cannot be inlined.`);
  }
}
