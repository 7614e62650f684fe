import { describe, expect, test } from 'bun:test';
import { NODE_COMMAND_LINE_FLAGS } from './heap-flags.ts';
import { backgroundLaunch } from './stdio-relay.ts';

describe('backgroundLaunch', () => {
  test('under Node, the background server gets the heap flags before the CLI', () => {
    const { command, args } = backgroundLaunch('/vault', 600_000, false);
    expect(command).toBe(process.execPath);
    expect(NODE_COMMAND_LINE_FLAGS).toContain('--max-semi-space-size=8');
    expect(args.slice(0, NODE_COMMAND_LINE_FLAGS.length)).toEqual(NODE_COMMAND_LINE_FLAGS);
    expect(args.slice(NODE_COMMAND_LINE_FLAGS.length + 1)).toEqual([
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
