/**
 * Node detection over a PATH of fake executables in a temp folder: shell scripts that print a
 * version, one that fails, and a file that is not executable.
 */
import { afterEach, expect, test } from 'bun:test';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { describeNodeRuntime, detectNodeRuntime } from './node-runtime.ts';

let folder: string | null = null;
afterEach(async () => {
  if (folder !== null) await rm(folder, { recursive: true, force: true });
  folder = null;
});

async function fakeBin(programs: Record<string, string | null>): Promise<string> {
  folder ??= await mkdtemp(join(tmpdir(), 'node-path-'));
  const bin = join(folder, `bin${Object.keys(programs).join('-')}`);
  await mkdir(bin, { recursive: true });
  for (const [name, script] of Object.entries(programs)) {
    await writeFile(join(bin, name), script ?? 'not a program');
    if (script !== null) await chmod(join(bin, name), 0o755);
  }
  return bin;
}

const env = (...folders: string[]) => ({ PATH: folders.join(delimiter) });
const skip = process.platform === 'win32';

test.skipIf(skip)(
  'node and npx found on the PATH with their versions; Homebrew offered on macOS',
  async () => {
    const empty = await fakeBin({});
    const bin = await fakeBin({
      node: '#!/bin/sh\necho v22.11.0\n',
      npx: '#!/bin/sh\necho 10.9.0\n',
    });
    const mac = await detectNodeRuntime({ env: env(empty, bin), platform: 'darwin' });
    expect(mac).toEqual({
      node: { path: join(bin, 'node'), version: 'v22.11.0' },
      npx: { path: join(bin, 'npx'), version: '10.9.0' },
      installCommand: 'brew install node',
    });
    expect(describeNodeRuntime(mac)).toBe(
      `node v22.11.0 (${join(bin, 'node')}), npx 10.9.0 (${join(bin, 'npx')})`,
    );
    const linux = await detectNodeRuntime({ env: env(bin), platform: 'linux' });
    expect(linux.installCommand).toBeNull();
  },
);

test.skipIf(skip)('missing, not executable, or failing: said as such', async () => {
  const bin = await fakeBin({ node: null, npx: '#!/bin/sh\nexit 3\n' });
  const runtime = await detectNodeRuntime({ env: env(bin), platform: 'darwin' });
  expect(runtime.node).toBeNull();
  expect(runtime.npx).toEqual({ path: join(bin, 'npx'), version: null });
  expect(describeNodeRuntime(runtime)).toBe(
    `node not on the PATH, npx (no version answered) (${join(bin, 'npx')})`,
  );
  expect(await detectNodeRuntime({ env: {}, platform: 'linux' })).toEqual({
    node: null,
    npx: null,
    installCommand: null,
  });
});
