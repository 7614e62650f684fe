import { describe, expect, test } from 'bun:test';
import type { SettingsStore } from '../../settings/index.ts';
import { UsageRecorder } from './usage-recorder.ts';

/** A settings store whose writes wait until `release`, recording the slices of each write. */
function heldStore() {
  let release = () => undefined as void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const written: string[][] = [];
  const store = {
    current: { toolPolicy: { callCounts: {} }, usage: {} },
    updateSlices: async (changes: object) => {
      await gate;
      written.push(Object.keys(changes));
    },
  } as unknown as SettingsStore;
  return { store, written, release };
}

describe('UsageRecorder', () => {
  test('close waits for a flush already under way, so nothing is written after it returns', async () => {
    const { store, written, release } = heldStore();
    const recorder = new UsageRecorder(store);
    recorder.recordRequest('token', 'modern');
    const flushing = recorder.flush(); // takes the counts; its write is held
    let closed = false;
    const closing = recorder.close().then(() => (closed = true));
    await new Promise((resolve) => setImmediate(resolve)); // every pending promise step has run
    expect(closed).toBe(false);
    release();
    await closing;
    await flushing;
    expect(written).toEqual([['usage']]); // no calls counted: the policy is not rewritten
  });

  test('requests and calls are written together, in one write', async () => {
    const { store, written, release } = heldStore();
    release();
    const recorder = new UsageRecorder(store);
    recorder.recordRequest('token', 'legacy');
    recorder.recordCall('read_note');
    await recorder.close();
    expect(written).toEqual([['usage', 'toolPolicy']]);
  });
});
