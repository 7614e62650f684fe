import { describe, expect, test } from 'bun:test';
import { serverNameFor } from '../../client-config/index.ts';
import { checkServerName } from './server-name.ts';

describe('server name', () => {
  test('blank is derived from the vault; a chosen one is kept when valid; a bad one is refused', () => {
    expect(checkServerName('  work_notes ')).toBe('work_notes');
    expect(checkServerName('   ')).toBeNull();
    expect(() => checkServerName('my notes')).toThrow('1-64 letters, digits');
    expect(serverNameFor('Tasks Demo', 'work-notes')).toBe('work-notes');
    expect(serverNameFor('Tasks Demo', null)).toBe('obsidian-tasks-demo');
    expect(serverNameFor('Tasks Demo', 'has space')).toBe('obsidian-tasks-demo');
  });
});
