import { describe, expect, test } from 'bun:test';
import { BACKGROUND_NODE_FLAGS } from '@mcp-connector/obsidian-plugin/client-config';
import { backgroundLaunch } from './stdio-relay.ts';

describe('backgroundLaunch', () => {
  test('under Node, the background server gets the heap flags before the CLI', () => {
    const { command, args } = backgroundLaunch('/vault', 600_000, false);
    expect(command).toBe(process.execPath);
    expect(BACKGROUND_NODE_FLAGS).toContain('--max-semi-space-size=8');
    expect(args.slice(0, BACKGROUND_NODE_FLAGS.length)).toEqual(BACKGROUND_NODE_FLAGS);
    expect(args.slice(BACKGROUND_NODE_FLAGS.length + 1)).toEqual([
      'serve',
      '--vault',
      '/vault',
      '--background',
      '--idle-exit',
      '600',
    ]);
  });

  test('under Bun, which has no V8 flags, none are given', () => {
    const { args } = backgroundLaunch('/vault', 600_000, true);
    expect(args[0]).toBe(process.argv[1]);
    expect(args.slice(1)).toEqual([
      'serve',
      '--vault',
      '/vault',
      '--background',
      '--idle-exit',
      '600',
    ]);
  });
});
