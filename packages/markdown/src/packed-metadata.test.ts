import { describe, expect, test } from 'bun:test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TASKS_DEMO, loadCapturedNotes } from '@mcp-connector/shared/test-support';
import { parseMetadata } from './parse-metadata.ts';
import {
  lazyMetadata,
  packMetadata,
  packedLinkTargets,
  packedSectionSpans,
  packedTags,
  sectionSpan,
  unpackMetadata,
} from './packed-metadata.ts';
import { LineTable } from './positions.ts';
import type { SectionCache } from 'obsidian';

/** Packing then unpacking gives back the very metadata, key order included. */
function expectRoundTrip(text: string): void {
  const cache = parseMetadata(text);
  const packed = packMetadata(cache, new LineTable(text));
  const unpacked = unpackMetadata(packed, text);
  const lazy = lazyMetadata(packed, text);
  expect(Object.keys(lazy)).toEqual(Object.keys(cache));
  expect(lazy.frontmatter).toBe(cache.frontmatter as never);
  expect(JSON.stringify(lazy)).toBe(JSON.stringify(cache));
  expect(packedTags(packed, text)).toEqual((cache.tags ?? []).map((tag) => tag.tag));
  expect(packedLinkTargets(packed, text)).toEqual(
    [...(cache.links ?? []), ...(cache.embeds ?? [])].map((link) => link.link),
  );
  expect(packedSectionSpans(packed)).toEqual((cache.sections ?? []).map(sectionSpan));
  expect(JSON.stringify(unpacked)).toBe(JSON.stringify(cache));
  expect(unpacked).toEqual(cache);
}

describe('packed metadata', () => {
  test('round-trips notes of every shape', () => {
    const notes = [
      '',
      'plain',
      '---\ntags: [a, b]\nlink: "[[Target]]"\n---\n# Title\n\nText [[Note#Part|alias]] #tag ^id1',
      'Title\n===\n\nSetext  \n heading\n---\n',
      '- [ ] task [[a]]\n  - [x] nested ^li\n- 🙂 item\n\n1. one\n2. two',
      '> [!note] Callout\n> body #t\n\n```js\ncode\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |',
      'Footnote[^1] and ![[embed.png]] and [md](Other%20Note.md)\r\n\r\n[^1]: The note.\r\n',
      '%% comment %%\n\n$$\nmath\n$$\n\n<div>html</div>\n\n***\n',
      'Ünïcödé 𝒜 [[Ñote]] #tâg\n# Ĥeading 𝒜',
      `${'long line '.repeat(5000)}\n\n# Far [[Away]] #tag ^far`,
    ];
    for (const text of notes) expectRoundTrip(text);
  });

  test('round-trips every note captured from Obsidian', () => {
    if (!existsSync(TASKS_DEMO)) {
      console.log('skipped: ../shared (captured notes, tasks-demo) is not beside the repository');
      return;
    }
    for (const [, note] of loadCapturedNotes()) expectRoundTrip(note.fileContents);
    const walk = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const path = join(folder, entry.name);
        if (entry.isDirectory() && !entry.name.startsWith('.')) walk(path);
        else if (entry.name.endsWith('.md')) expectRoundTrip(readFileSync(path, 'utf8'));
      }
    };
    walk(TASKS_DEMO);
  });

  test('packs a note over 32 KB at full width', () => {
    const text = `${'x'.repeat(40_000)}\n[[Link]]`;
    expect(packMetadata(parseMetadata(text), new LineTable(text)).ints).toBeInstanceOf(Int32Array);
    const short = '[[Link]]';
    expect(packMetadata(parseMetadata(short), new LineTable(short)).ints).toBeInstanceOf(
      Int16Array,
    );
  });

  test('a lazy metadata keeps what is written into it', () => {
    const text = '# Heading\n\n[[Link]] #tag';
    const lazy = lazyMetadata(packMetadata(parseMetadata(text), new LineTable(text)), text);
    lazy.tags = [];
    expect(lazy.links?.[0]?.link).toBe('Link');
    expect(lazy.tags).toEqual([]);
  });

  test('a lazy metadata makes only the parts that are read, each once', () => {
    const text = '---\na: 1\n---\n# Heading\n\n[[Link]] #tag\n\n- item';
    const lazy = lazyMetadata(packMetadata(parseMetadata(text), new LineTable(text)), text);
    const stillOwed = (key: string) =>
      Object.getOwnPropertyDescriptor(lazy, key)?.get !== undefined;
    const links = lazy.links;
    expect(links?.[0]?.position.start.line).toBe(5);
    expect(lazy.links).toBe(links as never);
    expect(
      ['frontmatterPosition', 'headings', 'sections', 'listItems', 'tags'].filter(stillOwed),
    ).toEqual(['frontmatterPosition', 'headings', 'sections', 'listItems', 'tags']);
    expect(stillOwed('links')).toBe(false);
  });

  test('section spans keep a type the packer does not know by number', () => {
    const text = 'one\n\ntwo';
    const at = (offset: number) => ({ line: 0, col: offset, offset });
    const sections: SectionCache[] = [
      { type: 'paragraph', position: { start: at(0), end: at(3) } },
      { type: 'future', position: { start: at(5), end: at(8) } },
    ];
    const packed = packMetadata({ sections }, new LineTable(text));
    expect(packedSectionSpans(packed)).toEqual([
      { type: 'paragraph', start: 0, end: 3 },
      { type: 'future', start: 5, end: 8 },
    ]);
  });

  test('keeps most strings as slices of the text', () => {
    const text = '# Heading\n\nSee [[Target]] and #tag.\n\n- [ ] task ^block';
    const packed = packMetadata(parseMetadata(text), new LineTable(text));
    expect(packed.strings).toEqual([]);
  });
});
