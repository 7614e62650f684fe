import { describe, expect, test } from 'bun:test';
import { checkServerName, derivedServerName, serverNameFor } from './server-name.ts';

describe('server name', () => {
  test("derives a client-safe name from the vault's name", () => {
    expect(derivedServerName('Tasks Demo')).toBe('obsidian-tasks-demo');
    expect(derivedServerName('Café & Notes (2026)')).toBe('obsidian-cafe-notes-2026');
    expect(derivedServerName('日本語')).toBe('obsidian');
    expect(derivedServerName('a'.repeat(100))).toBe(`obsidian-${'a'.repeat(48)}`);
  });

  test('a chosen name is used when valid; blank means derived; a bad one is refused with the rule', () => {
    expect(serverNameFor('work-notes', 'Tasks Demo')).toBe('work-notes');
    expect(serverNameFor(null, 'Tasks Demo')).toBe('obsidian-tasks-demo');
    expect(serverNameFor('has space', 'Tasks Demo')).toBe('obsidian-tasks-demo');
    expect(checkServerName('  work_notes ')).toBe('work_notes');
    expect(checkServerName('   ')).toBeNull();
    expect(() => checkServerName('my notes')).toThrow('1-64 letters, digits');
  });
});
