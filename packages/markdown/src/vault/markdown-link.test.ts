/**
 * Links as app.json's settings write them, over vaults of a few paths (a LinkResolver stands in
 * for the index). Both hosts reading a real app.json is a case of the VaultHost contract.
 */
import { describe, expect, test } from 'bun:test';
import { LinkResolver } from '../links/index.ts';
import { DEFAULT_APP_SETTINGS, type AppSettings } from './app-settings.ts';
import {
  encodeLinkpath,
  generateMarkdownLink,
  linktextFor,
  relativeLinkpath,
  type LinkVault,
} from './markdown-link.ts';

function vaultOf(paths: string[], settings: Partial<AppSettings> = {}): LinkVault {
  return {
    appSettings: () => ({ ...DEFAULT_APP_SETTINGS, ...settings }),
    index: new LinkResolver(paths),
    listFiles: () => paths.map((path) => ({ path })),
  };
}

const PATHS = ['Notes/My Note.md', 'A/Topic.md', 'B/Topic.md', 'Attachments/pic 1.png', 'x.md'];

describe('linktextFor (fileToLinktext)', () => {
  test('shortest: the name when no other file shares it, else the vault path', () => {
    const vault = vaultOf(PATHS);
    expect(linktextFor(vault, 'Notes/My Note.md', 'x.md')).toBe('My Note');
    expect(linktextFor(vault, 'A/Topic.md', 'A/Here.md')).toBe('A/Topic');
    expect(linktextFor(vault, 'Attachments/pic 1.png', 'x.md')).toBe('pic 1.png');
  });

  test('relative: from the source folder, always ./ or ../', () => {
    const vault = vaultOf(PATHS, { newLinkFormat: 'relative' });
    expect(linktextFor(vault, 'A/Topic.md', 'B/Topic.md')).toBe('../A/Topic');
    expect(linktextFor(vault, 'A/Topic.md', 'A/Other.md')).toBe('./Topic');
    expect(linktextFor(vault, 'A/Topic.md', 'root.md')).toBe('./A/Topic');
  });

  test('absolute: the vault path', () => {
    const vault = vaultOf(PATHS, { newLinkFormat: 'absolute' });
    expect(linktextFor(vault, 'Notes/My Note.md', 'x.md')).toBe('Notes/My Note');
  });
});

describe('generateMarkdownLink', () => {
  test('wikilinks: .md dropped, subpath and alias kept', () => {
    const vault = vaultOf(PATHS);
    expect(generateMarkdownLink(vault, 'Notes/My Note.md', 'x.md')).toBe('[[My Note]]');
    expect(generateMarkdownLink(vault, 'Notes/My Note.md', 'x.md', '#Goals', 'the goals')).toBe(
      '[[My Note#Goals|the goals]]',
    );
    expect(generateMarkdownLink(vault, 'B/Topic.md', 'x.md', '#^block1')).toBe(
      '[[B/Topic#^block1]]',
    );
  });

  test('a file that is not a note is an embed', () => {
    const vault = vaultOf(PATHS);
    expect(generateMarkdownLink(vault, 'Attachments/pic 1.png', 'x.md')).toBe('![[pic 1.png]]');
    const markdown = vaultOf(PATHS, { useMarkdownLinks: true });
    expect(generateMarkdownLink(markdown, 'Attachments/pic 1.png', 'x.md')).toBe(
      '![](pic%201.png)',
    );
  });

  test('markdown links: the extension kept, path and subpath percent-encoded, name as text', () => {
    const vault = vaultOf(PATHS, { useMarkdownLinks: true });
    expect(generateMarkdownLink(vault, 'Notes/My Note.md', 'x.md')).toBe('[My Note](My%20Note.md)');
    expect(generateMarkdownLink(vault, 'A/Topic.md', 'x.md', '#Next steps', 'next')).toBe(
      '[next](A/Topic.md#Next%20steps)',
    );
    expect(generateMarkdownLink(vault, 'A/Topic.md', 'x.md', '#^abc-1')).toBe(
      '[Topic](A/Topic.md#^abc-1)',
    );
  });

  test('markdown links follow newLinkFormat too', () => {
    const relative = vaultOf(PATHS, { useMarkdownLinks: true, newLinkFormat: 'relative' });
    expect(generateMarkdownLink(relative, 'Notes/My Note.md', 'A/Topic.md')).toBe(
      '[My Note](../Notes/My%20Note.md)',
    );
    const absolute = vaultOf(PATHS, { useMarkdownLinks: true, newLinkFormat: 'absolute' });
    expect(generateMarkdownLink(absolute, 'Notes/My Note.md', 'A/Topic.md')).toBe(
      '[My Note](Notes/My%20Note.md)',
    );
  });
});

describe('link path helpers', () => {
  test('relativeLinkpath climbs to the common folder', () => {
    expect(relativeLinkpath('A/B', 'A/C/x.md')).toBe('../C/x.md');
    expect(relativeLinkpath('A/B', 'A/B/x.md')).toBe('./x.md');
    expect(relativeLinkpath('A/B', 'x.md')).toBe('../../x.md');
    expect(relativeLinkpath('', 'A/x.md')).toBe('./A/x.md');
    expect(relativeLinkpath('A', 'A')).toBe('../A');
  });

  test('encodeLinkpath encodes what would end or split the destination', () => {
    expect(encodeLinkpath('a b/c#d%e.md')).toBe('a%20b/c%23d%25e.md');
    expect(encodeLinkpath('Meeting (2024).md')).toBe('Meeting%20(2024).md');
    expect(encodeLinkpath('a(b.md')).toBe('a%28b.md');
    expect(encodeLinkpath('[x]<y>.md')).toBe('%5Bx%5D%3Cy%3E.md');
  });
});
