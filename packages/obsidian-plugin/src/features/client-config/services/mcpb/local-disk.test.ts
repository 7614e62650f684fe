import { describe, expect, test } from 'bun:test';
import { tmpdir } from 'node:os';
import { isOnLocalDisk } from './local-disk.ts';

describe('isOnLocalDisk', () => {
  test('a folder of this machine is local; a Windows UNC path is a network share', async () => {
    expect(await isOnLocalDisk(tmpdir())).toBe(true);
    expect(await isOnLocalDisk('\\\\nas\\notes', 'win32')).toBe(false);
    expect(await isOnLocalDisk('C:\\Users\\me\\Notes', 'win32')).toBe(true);
  });
});
