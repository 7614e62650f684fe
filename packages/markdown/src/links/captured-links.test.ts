/**
 * Link resolution replayed from real Obsidian: each captured note's links must resolve to the path
 * Obsidian resolved them to, within the vault the captures came from (the fixtures' own paths plus
 * the paths they resolved to: attachments and notes outside Test Data).
 */
import { expect, test } from 'bun:test';
import {
  CAPTURED_METADATA,
  describeWithSharedData,
  loadCapturedNotes,
  type CapturedNote,
} from '@mcp-connector/shared/test-support';
import { LinkResolver, getLinkpath } from './index.ts';

function capturedVault(notes: readonly [string, CapturedNote][]): LinkResolver {
  const resolver = new LinkResolver();
  for (const [, note] of notes) {
    resolver.addFile(note.filePath);
    for (const target of Object.values(note.resolveLinkToPath ?? {}))
      if (target !== null) resolver.addFile(target);
  }
  return resolver;
}

describeWithSharedData(
  'links captured from Obsidian resolve to the same paths',
  [CAPTURED_METADATA],
  () => {
    const notes = loadCapturedNotes();
    const resolver = capturedVault(notes);
    const withLinks = notes.filter(
      ([, note]) => Object.keys(note.resolveLinkToPath ?? {}).length > 0,
    );

    test('the captures hold resolved links', () => {
      expect(withLinks.length).toBeGreaterThan(10);
    });

    for (const [name, note] of withLinks) {
      test(name, () => {
        for (const [link, target] of Object.entries(note.resolveLinkToPath ?? {})) {
          const resolved = resolver.getFirstLinkpathDest(getLinkpath(link), note.filePath);
          expect({ link, target: resolved }).toEqual({ link, target });
        }
      });
    }
  },
);
