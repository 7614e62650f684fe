/**
 * Obsidian's getFirstLinkpathDest rules, each over a vault of a few paths.
 */
import { describe, expect, test } from 'bun:test';
import { LinkResolver } from './link-resolver.ts';

const vault = (...paths: string[]): LinkResolver => new LinkResolver(paths);

describe('LinkResolver.getFirstLinkpathDest', () => {
  test('ignores case and implies .md', () => {
    const resolver = vault('Notes/Project Plan.md');
    expect(resolver.getFirstLinkpathDest('project plan', 'Daily.md')).toBe('Notes/Project Plan.md');
    expect(resolver.getFirstLinkpathDest('PROJECT PLAN.md', 'Daily.md')).toBe(
      'Notes/Project Plan.md',
    );
  });

  test('resolves attachments by their full name', () => {
    const resolver = vault('Attachments/diagram.png', 'diagram.md');
    expect(resolver.getFirstLinkpathDest('diagram.png', 'a.md')).toBe('Attachments/diagram.png');
    expect(resolver.getFirstLinkpathDest('diagram', 'a.md')).toBe('diagram.md');
  });

  test('an empty linkpath (a link to a heading) is the source note', () => {
    expect(vault('a.md').getFirstLinkpathDest('', 'a.md')).toBe('a.md');
  });

  test('an exact vault path wins over a file of that name elsewhere', () => {
    const resolver = vault('Topic.md', 'Projects/Topic.md');
    expect(resolver.getFirstLinkpathDest('Topic', 'Projects/Plan.md')).toBe('Topic.md');
  });

  test('a file in the source folder wins over a shorter path', () => {
    const resolver = vault('A/Topic.md', 'Projects/Deep/Topic.md');
    expect(resolver.getFirstLinkpathDest('Topic', 'Projects/Deep/Plan.md')).toBe(
      'Projects/Deep/Topic.md',
    );
    expect(resolver.getFirstLinkpathDest('Topic', 'Other/Plan.md')).toBe('A/Topic.md');
  });

  test('a partial path is first taken from the source folder', () => {
    const resolver = vault('B/Sub/Note.md', 'Longer/Sub/Note.md');
    expect(resolver.getFirstLinkpathDest('Sub/Note', 'Longer/x.md')).toBe('Longer/Sub/Note.md');
    expect(resolver.getFirstLinkpathDest('Sub/Note', 'Other/x.md')).toBe('B/Sub/Note.md');
  });

  test('the shortest path wins, then the first alphabetically', () => {
    expect(vault('Long/Folder/x.md', 'Short/x.md').getFirstLinkpathDest('x', 'a.md')).toBe(
      'Short/x.md',
    );
    expect(vault('b/x.md', 'a/x.md').getFirstLinkpathDest('x', 'c.md')).toBe('a/x.md');
  });

  test('a partial path matches the end of a path, on folder boundaries', () => {
    const resolver = vault('Work/Projects/Plan.md', 'Work/OldProjects/Plan.md');
    expect(resolver.getFirstLinkpathDest('Projects/Plan', 'a.md')).toBe('Work/Projects/Plan.md');
    expect(resolver.getFirstLinkpathDest('jects/Plan', 'a.md')).toBeNull();
  });

  test('./ and ../ are relative to the source folder, and exact', () => {
    const resolver = vault('A/B/x.md', 'A/x.md', 'x.md');
    expect(resolver.getFirstLinkpathDest('./x', 'A/B/note.md')).toBe('A/B/x.md');
    expect(resolver.getFirstLinkpathDest('../x', 'A/B/note.md')).toBe('A/x.md');
    expect(resolver.getFirstLinkpathDest('../../../x', 'A/B/note.md')).toBeNull();
    expect(resolver.getFirstLinkpathDest('./y', 'A/B/note.md')).toBeNull();
  });

  test('a leading / is a path from the vault root, and exact', () => {
    const resolver = vault('A/x.md');
    expect(resolver.getFirstLinkpathDest('/A/x', 'b.md')).toBe('A/x.md');
    expect(resolver.getFirstLinkpathDest('/x', 'A/b.md')).toBeNull();
  });

  test('a linkpath resolved before resolves anew once a file is added or removed', () => {
    const resolver = vault('A/Topic.md');
    expect(resolver.getFirstLinkpathDest('Topic', 'Other/Plan.md')).toBe('A/Topic.md');
    resolver.addFile('Topic.md');
    expect(resolver.getFirstLinkpathDest('Topic', 'Other/Plan.md')).toBe('Topic.md');
    resolver.removeFile('Topic.md');
    resolver.removeFile('A/Topic.md');
    expect(resolver.getFirstLinkpathDest('Topic', 'Other/Plan.md')).toBeNull();
    resolver.addFile('B/topic.md');
    expect(resolver.getFirstLinkpathDest('Topic', 'Other/Plan.md')).toBe('B/topic.md');
    resolver.forgetResolved();
    expect(resolver.getFirstLinkpathDest('Topic', 'Other/Plan.md')).toBe('B/topic.md');
  });

  test('a linkpath two files end with resolves from each source on its own', () => {
    const resolver = vault('A/Topic.md', 'B/Topic.md');
    expect(resolver.getFirstLinkpathDest('Topic', 'B/Plan.md')).toBe('B/Topic.md');
    expect(resolver.getFirstLinkpathDest('Topic', 'Other/Plan.md')).toBe('A/Topic.md');
    expect(resolver.getFirstLinkpathDest('Topic', 'B/Plan.md')).toBe('B/Topic.md');
  });

  test('forgets removed files', () => {
    const resolver = vault('A/x.md', 'B/x.md');
    resolver.removeFile('A/x.md');
    expect(resolver.getFirstLinkpathDest('x', 'A/note.md')).toBe('B/x.md');
    expect(resolver.has('A/x.md')).toBe(false);
  });

  test('names whose lower case depends on context resolve and are forgotten alike', () => {
    // A final sigma lower-cases by what follows it (a folder's too); İ grows by a code unit.
    const paths = ['ΟΔΟΣ/ΛΟΓΟΣ', 'İstanbul/İzmir.md'];
    const resolver = vault(...paths);
    expect(resolver.getFirstLinkpathDest('ΛΟΓΟΣ', 'a.md')).toBe('ΟΔΟΣ/ΛΟΓΟΣ');
    expect(resolver.getFirstLinkpathDest('İzmir', 'a.md')).toBe('İstanbul/İzmir.md');
    for (const path of paths) resolver.removeFile(path);
    for (const link of ['ΛΟΓΟΣ', 'İzmir'])
      expect(resolver.getFirstLinkpathDest(link, 'a.md')).toBeNull();
    expect((resolver as unknown as { byNameKey: Map<string, unknown> }).byNameKey.size).toBe(0);
  });
});
