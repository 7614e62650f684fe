import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeviceUsage, type UsageState } from '../../settings/index.ts';
import { UsageRecorder } from './usage-recorder.ts';

let folder: string;
beforeEach(async () => (folder = await mkdtemp(join(tmpdir(), 'usage-'))));
afterEach(() => rm(folder, { recursive: true, force: true }));

/** A usage file whose writes wait until `release`, recording each written state. */
function heldUsage() {
  let release = () => undefined as void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const written: UsageState[] = [];
  const usage = new DeviceUsage(join(folder, 'usage.json'));
  const update = usage.update.bind(usage);
  usage.update = async (change) => {
    await gate;
    const state = await update(change);
    written.push(state);
    return state;
  };
  return { usage, written, release };
}

describe('UsageRecorder', () => {
  test('close waits for a flush already under way, so nothing is written after it returns', async () => {
    const { usage, written, release } = heldUsage();
    const recorder = new UsageRecorder(usage);
    recorder.recordRequest('token', 'modern');
    const flushing = recorder.flush(); // takes the counts; its write is held
    let closed = false;
    const closing = recorder.close().then(() => (closed = true));
    await new Promise((resolve) => setImmediate(resolve)); // every pending promise step has run
    expect(closed).toBe(false);
    release();
    await closing;
    await flushing;
    expect(written).toHaveLength(1);
    expect(written[0]?.requests.token).toMatchObject({ legacy: 0, modern: 1 });
  });

  test('requests and calls are added to the device file together, in one write', async () => {
    const { usage, written, release } = heldUsage();
    release();
    const recorder = new UsageRecorder(usage);
    recorder.recordRequest('token', 'legacy');
    recorder.recordCall('read_note');
    recorder.recordCall('read_note');
    expect(recorder.callsOf('read_note')).toBe(2);
    await recorder.close();
    expect(written).toHaveLength(1);
    const again = new UsageRecorder(usage);
    again.recordCall('read_note');
    await again.close();
    const saved = JSON.parse(await readFile(usage.path, 'utf8')) as UsageState;
    expect(saved.calls).toEqual({ read_note: 3 });
    expect(saved.requests.token).toMatchObject({ legacy: 1, modern: 0 });
    expect(again.callsOf('read_note')).toBe(3);
  });
});
