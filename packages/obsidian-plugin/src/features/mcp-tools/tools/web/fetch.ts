/**
 * fetch: GETs a public web page and returns it as Markdown (or HTML, or text as served), one
 * window at a time. Only http(s) to public addresses, checked after DNS and on every redirect,
 * with the connection pinned to the checked address (services/safe-target.ts); at most 5 MB and
 * 20 s. Uses node:http/https in Obsidian too, not requestUrl (docs/architecture/ADR-0004).
 */
import { ToolError } from '@mcp-connector/shared';
import { type } from 'arktype';
import { defineTool } from '../../define-tool.ts';
import { fetchPage } from './services/fetch-page.ts';
import { pageText, textWindow } from './services/page-text.ts';

export const DEFAULT_MAX_LENGTH = 5000;
/** A larger maxLength is clamped: one window stays within the 100 KB text cap. */
export const MAX_LENGTH = 100_000;

export const fetchTool = defineTool({
  name: 'fetch',
  title: 'Fetch page',
  description:
    'GET a public web page as Markdown (or HTML); read on with startIndex = nextStartIndex.',
  input: () =>
    type({
      url: 'string',
      'format?': "'markdown' | 'html'",
      'maxLength?': 'number.integer >= 1',
      'startIndex?': 'number.integer >= 0',
    }),
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: true,
  },
  indexFree: true,
  handler: async ({ url, format, maxLength, startIndex }, _ctx) => {
    const page = await fetchPage(parseUrl(url));
    const text = await pageText(page.body, page.contentType, page.url, format ?? 'markdown');
    return {
      url: page.url,
      status: page.status,
      contentType: page.contentType,
      format: text.format,
      ...textWindow(
        text.text,
        startIndex ?? 0,
        Math.min(maxLength ?? DEFAULT_MAX_LENGTH, MAX_LENGTH),
      ),
    };
  },
});

function parseUrl(raw: string): URL {
  try {
    return new URL(raw.trim());
  } catch {
    throw new ToolError(
      'invalid_arguments',
      `"${raw}" is not an absolute URL; pass one like https://example.com/page.`,
      { url: raw },
    );
  }
}
