import { afterEach, describe, expect, test } from 'bun:test';
import { openTestHost, type TestHost } from '../../../host/test-support/test-host.ts';
import { HiddenFoldersHost } from '../../tool-policy/index.ts';
import { findPromptNote, isPromptPath, promptNotes, touchesPrompts } from './prompt-notes.ts';

let vault: TestHost;
afterEach(() => vault.close());

const names = (host: TestHost['host'] | HiddenFoldersHost) =>
  promptNotes(host).map((note) => note.name);

describe('which notes are prompts', () => {
  test('every tag form Obsidian accepts, in frontmatter or inline, case ignored', async () => {
    vault = await openTestHost({
      'Prompts/bare.md': '---\ntags: mcp-tools-prompt\n---\nx',
      'Prompts/hashed.md': '---\ntags: "#mcp-tools-prompt"\n---\nx',
      'Prompts/flow list.md': '---\ntags: [draft, mcp-tools-prompt]\n---\nx',
      'Prompts/block list.md': '---\ntags:\n  - "#mcp-tools-prompt"\n---\nx',
      'Prompts/inline.md': 'Some text #mcp-tools-prompt\n',
      'Prompts/Upper.md': 'x #MCP-Tools-Prompt',
    });
    expect(names(vault.host)).toEqual([
      'Upper',
      'bare',
      'block list',
      'flow list',
      'hashed',
      'inline',
    ]);
  });

  test('only tagged notes directly inside the vault-root Prompts/ folder', async () => {
    vault = await openTestHost({
      'Prompts/ok.md': '#mcp-tools-prompt',
      'Prompts/untagged.md': 'no tag',
      'Prompts/other tag.md': '#mcp-tools-prompt/child #mcp-tools-prompts',
      'Prompts/in code.md': '`#mcp-tools-prompt`\n```\n#mcp-tools-prompt\n```\n',
      'Prompts/Sub/nested.md': '#mcp-tools-prompt',
      'Notes/Prompts/deep.md': '#mcp-tools-prompt',
      'prompts-elsewhere.md': '#mcp-tools-prompt',
      'Prompts/canvas.canvas': '{"nodes":[],"edges":[]}',
      'Prompts/text.txt': '#mcp-tools-prompt',
    });
    expect(names(vault.host)).toEqual(['ok']);
  });

  test('the description comes from frontmatter, trimmed; none when absent or empty', async () => {
    vault = await openTestHost({
      'Prompts/a.md': '---\ndescription: "  Summarise a note  "\ntags: [mcp-tools-prompt]\n---\n',
      'Prompts/b.md': '---\ndescription: ""\ntags: [mcp-tools-prompt]\n---\n',
      'Prompts/c.md': '---\ndescription: 42\ntags: [mcp-tools-prompt]\n---\n',
    });
    expect(promptNotes(vault.host)).toEqual([
      { name: 'a', path: 'Prompts/a.md', description: 'Summarise a note' },
      { name: 'b', path: 'Prompts/b.md' },
      { name: 'c', path: 'Prompts/c.md', description: '42' },
    ]);
  });

  test('findPromptNote finds by exact basename and refuses paths and untagged notes', async () => {
    vault = await openTestHost({
      'Prompts/Daily review.md': '#mcp-tools-prompt',
      'Prompts/plain.md': 'untagged',
      'Prompts/Sub/x.md': '#mcp-tools-prompt',
    });
    expect(findPromptNote(vault.host, 'Daily review')?.path).toBe('Prompts/Daily review.md');
    expect(findPromptNote(vault.host, 'daily review')).toBeNull();
    expect(findPromptNote(vault.host, 'plain')).toBeNull();
    expect(findPromptNote(vault.host, 'Sub/x')).toBeNull();
    expect(findPromptNote(vault.host, '../Prompts/Daily review')).toBeNull();
    expect(findPromptNote(vault.host, '')).toBeNull();
  });

  test('a hidden Prompts/ folder has no prompts', async () => {
    vault = await openTestHost({ 'Prompts/ok.md': '#mcp-tools-prompt' });
    const hidden = new HiddenFoldersHost(vault.host, () => ['Prompts']);
    expect(names(hidden)).toEqual([]);
    expect(findPromptNote(hidden, 'ok')).toBeNull();
  });
});

describe('paths', () => {
  test('isPromptPath and touchesPrompts', () => {
    expect(isPromptPath('Prompts/a.md')).toBe(true);
    expect(isPromptPath('Prompts/a.txt')).toBe(false);
    expect(isPromptPath('Prompts/Sub/a.md')).toBe(false);
    expect(isPromptPath('x/Prompts/a.md')).toBe(false);
    expect(touchesPrompts('Prompts')).toBe(true);
    expect(touchesPrompts('Prompts/a.md')).toBe(true);
    expect(touchesPrompts('Prompts/Sub')).toBe(false);
    expect(touchesPrompts('PromptsX/a.md')).toBe(false);
  });
});
