import { describe, expect, test } from 'bun:test';
import { checkServerName, serverNameFor, slugOf } from './naming.ts';

describe('server names', () => {
  test("a derived name is obsidian- and the vault's name, client-safe and cut at 40", () => {
    expect(serverNameFor('Tasks Demo')).toBe('obsidian-tasks-demo');
    expect(serverNameFor('Café & Notes (2026)')).toBe('obsidian-cafe-notes-2026');
    expect(serverNameFor('日本語')).toBe('obsidian');
    expect(serverNameFor('a'.repeat(100))).toBe(`obsidian-${'a'.repeat(40)}`);
    expect(slugOf(`${'a'.repeat(39)} b`)).toBe('a'.repeat(39));
  });

  test('a chosen name wins when valid; blank means derived; a bad one is refused with the rule', () => {
    expect(serverNameFor('Tasks Demo', 'work-notes')).toBe('work-notes');
    expect(serverNameFor('Tasks Demo', null)).toBe('obsidian-tasks-demo');
    expect(serverNameFor('Tasks Demo', 'has space')).toBe('obsidian-tasks-demo');
    expect(checkServerName('  work_notes ')).toBe('work_notes');
    expect(checkServerName('   ')).toBeNull();
    expect(() => checkServerName('my notes')).toThrow('1-64 letters, digits');
  });
});
