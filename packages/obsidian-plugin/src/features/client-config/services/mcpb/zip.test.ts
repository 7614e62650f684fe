import { afterEach, expect, test, setSystemTime } from 'bun:test';
import { unzipSync } from 'fflate';
import { utf8Bytes, zipFiles } from './zip.ts';

afterEach(() => setSystemTime());

test('the same files zip to the same bytes whenever they are zipped', async () => {
  const files = () => ({ 'manifest.json': utf8Bytes('{}'), 'server/index.js': utf8Bytes('x') });
  setSystemTime(new Date('2026-03-01T10:00:00Z'));
  const first = await zipFiles(files());
  setSystemTime(new Date('2026-03-01T10:00:07Z')); // past the format's 2-second steps
  const second = await zipFiles(files());
  expect(Buffer.compare(first, second)).toBe(0);
  expect(Object.keys(unzipSync(first))).toEqual(['manifest.json', 'server/index.js']);
});
