import { describe, expect, test } from 'bun:test';
import { readFile } from 'node:fs/promises';
import { GENERATED_MODULE, buildViewHtml, generatedModule } from './build-view.ts';
import {
  SEARCH_VIEW_URI,
  readAppResource,
} from '../../packages/obsidian-plugin/src/features/mcp-apps/index.ts';

/** The page the server serves as the view's resource: the generated module's HTML. */
const SEARCH_RESULTS_HTML = (readAppResource(SEARCH_VIEW_URI).contents[0] as { text: string }).text;

describe('the generated search-results view', () => {
  test('the committed module is exactly what scripts/apps/build-view.ts writes (rerun it after a change)', async () => {
    const [committed, built] = await Promise.all([
      readFile(GENERATED_MODULE, 'utf8'),
      generatedModule(),
    ]);
    // A boolean, not a 400 KB diff: the fix is always to rerun the script.
    expect({ upToDate: committed === built }).toEqual({ upToDate: true });
  });

  test('the server serves the page the build produces, and the build is deterministic', async () => {
    const html = await buildViewHtml();
    expect({ same: SEARCH_RESULTS_HTML === html }).toEqual({ same: true });
    expect({ same: (await buildViewHtml()) === html }).toEqual({ same: true });
  });

  test('zod locales stay out of the bundle and the page stays under 450 KB', () => {
    expect(SEARCH_RESULTS_HTML.includes('Invalid input: expected')).toBe(true); // English kept
    expect(SEARCH_RESULTS_HTML.includes('Entrada inv')).toBe(false); // Spanish dropped
    expect(Buffer.byteLength(SEARCH_RESULTS_HTML)).toBeLessThan(450_000);
  });
});
