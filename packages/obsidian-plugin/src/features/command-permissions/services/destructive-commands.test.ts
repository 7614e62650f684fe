import { expect, test } from 'bun:test';
import { looksDestructive } from './destructive-commands.ts';

test.each([
  ['app:delete-file', 'Delete current file'],
  ['obsidian-git:discard-all', 'Discard all changes'],
  ['some-plugin:resetSettings', 'Settings'],
  ['notifications:x', 'Clear all notifications'],
  ['cache:purge', 'Purge'],
  ['vault:wipe', 'Wipe'],
  ['plugin:uninstall', 'Uninstall plugin'],
  ['tags:remove-tag', 'Removing tags'],
  ['files:erased', 'Erased files'],
  ['trash:empty', 'Empty trash'],
])('%s (%s) looks destructive', (id, name) => {
  expect(looksDestructive({ id, name })).toBe(true);
});

test.each([
  ['editor:toggle-bold', 'Toggle bold'],
  ['app:go-back', 'Navigate back'],
  ['workspace:close', 'Close current tab'],
  ['daily-notes', "Open today's daily note"],
  ['editor:clearance-check', 'Declare a resettable timer'],
  ['command-palette:open', 'Open command palette'],
])('%s (%s) does not', (id, name) => {
  expect(looksDestructive({ id, name })).toBe(false);
});
