import { describe, expect, test } from 'bun:test';
import { ChangeLog } from './change-log.ts';
import type { Change, JournalLine } from './change-record.ts';

function change(id: string, undoes?: string): Change {
  return {
    id,
    time: '2026-01-01T00:00:00.000Z',
    actor: { tokenId: 't', label: 'T' },
    tool: undoes === undefined ? 'create_vault_file' : 'undo_change',
    summary: '{}',
    steps: [],
    after: {},
    ...(undoes !== undefined && { undoes }),
  };
}

function logOf(...changes: Change[]): ChangeLog {
  const log = new ChangeLog('.obsidian');
  for (const each of changes) log.apply({ t: 'commit', change: each });
  return log;
}

describe('ChangeLog', () => {
  test('a change is undone while an undo of it is in effect; redo is the undo of that undo', () => {
    expect(logOf(change('c')).undoneBy('c')).toBeNull();
    expect(logOf(change('c'), change('u', 'c')).undoneBy('c')?.id).toBe('u');
    const redone = logOf(change('c'), change('u', 'c'), change('r', 'u'));
    expect(redone.undoneBy('c')).toBeNull();
    expect(redone.undoneBy('u')?.id).toBe('r');
    const again = logOf(change('c'), change('u', 'c'), change('r', 'u'), change('u2', 'c'));
    expect(again.undoneBy('c')?.id).toBe('u2');
  });

  test('begin and intents make an open change; commit or abort closes it', () => {
    const log = new ChangeLog('.obsidian');
    const head = {
      id: 'x',
      time: 't',
      actor: { tokenId: null, label: 'L' },
      tool: 'w',
      summary: '',
    };
    log.apply({ t: 'begin', change: head });
    log.apply({ t: 'intent', id: 'x', seq: 0, entries: [] });
    expect([...log.open.keys()]).toEqual(['x']);
    expect(log.lines()).toEqual([
      { t: 'begin', change: head },
      { t: 'intent', id: 'x', seq: 0, entries: [] },
    ]);
    log.apply({ t: 'abort', id: 'x' });
    expect(log.open.size).toBe(0);
  });

  test('retain keeps the chosen changes and keys, in order', () => {
    const log = logOf(change('a'), change('b'), change('c'));
    log.apply({
      t: 'key',
      tokenId: 't',
      key: 'k',
      fingerprint: 'f',
      time: 't',
      change: 'a',
      result: {},
    });
    log.retain(new Set(['b', 'c']), []);
    expect(log.changes().map((each) => each.id)).toEqual(['b', 'c']);
    expect(log.key('t', 'k')).toBeNull();
  });
});

describe('records no tool could make', () => {
  const image = {
    kind: 'file' as const,
    revision: '0123456789abcdef',
    size: 1,
    blob: 'a'.repeat(64),
  };
  const commit = (id: string, path: string, blob = 'a'.repeat(64)): JournalLine => ({
    t: 'commit',
    change: {
      id,
      time: '2026-01-01T00:00:00.000Z',
      actor: { tokenId: null, label: 'x' },
      tool: 't',
      summary: '{}',
      steps: [{ step: 'put', path, before: { ...image, blob } }],
      after: { [path]: 'absent' },
    },
  });

  test('are set aside when folded in, each with what was wrong', () => {
    const log = new ChangeLog('.obsidian');
    log.reset([
      commit('ok', 'Notes/a.md'),
      commit('up', '../a.md'),
      commit('config', '.obsidian/plugins/x/data.json'),
      commit('unnormal', 'Notes//a.md'),
      commit('blob', 'Notes/b.md', '../../etc/passwd'),
      {
        t: 'begin',
        change: {
          id: 'open',
          time: '',
          actor: { tokenId: null, label: 'x' },
          tool: 't',
          summary: '',
        },
      },
      {
        t: 'intent',
        id: 'open',
        seq: 0,
        entries: [{ step: { step: 'move', from: 'a.md', to: '/etc/a.md' }, expect: 'absent' }],
      },
    ]);
    expect(log.changes().map((change) => change.id)).toEqual(['ok']);
    expect([...log.refused.keys()].sort()).toEqual(['blob', 'config', 'open', 'unnormal', 'up']);
    expect(log.open.size).toBe(0);
  });
});
