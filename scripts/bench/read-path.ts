/**
 * `bun scripts/bench/read-path.ts [--calls 5000]`: what each step of a headless note read costs
 * in this process, the promise version of each file-system call beside the synchronous one, on
 * a copy of the test vault's `Apiary/Overwintering.md` and on generated notes of 16 KiB to 1 MiB
 * (docs/performance.md, "The read path"; ADR-0023). Each line: microseconds per call, wall and
 * CPU, after 500 untimed calls.
 */
import { revisionOf } from '../../packages/shared/src/index.ts';
import { lstatSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { readFile, realpath, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { assertContained } from '../../packages/headless/src/node-host/containment.ts';
import { copyVault } from '../../packages/headless/src/test-support/temp-vault.ts';

const { values } = parseArgs({ options: { calls: { type: 'string', default: '5000' } } });
const CALLS = Number(values.calls);
const NOTE = 'Apiary/Overwintering.md';
const SIZES_KIB = [16, 64, 256, 1024];

async function time(label: string, step: () => unknown): Promise<void> {
  for (let i = 0; i < 500; i++) await step();
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < CALLS; i++) await step();
  const wallUs = ((performance.now() - start) * 1000) / CALLS;
  const used = process.cpuUsage(cpu);
  const cpuUs = (used.user + used.system) / CALLS;
  console.log(
    `${label.padEnd(44)} ${wallUs.toFixed(1).padStart(7)} us wall ${cpuUs.toFixed(1).padStart(7)} us CPU`,
  );
}

const vault = await copyVault();
try {
  const absolute = join(vault.root, NOTE);
  const text = readFileSync(absolute, 'utf8');
  console.log(`${CALLS} calls each; ${NOTE}, ${Buffer.byteLength(text)} bytes`);
  await time('realpath (promise)', () => realpath(absolute));
  await time('realpathSync', () => realpathSync(absolute));
  await time('lstatSync of each part below the root', () => {
    lstatSync(join(vault.root, 'Apiary'));
    lstatSync(absolute);
  });
  await time('assertContained (containment.ts)', () => assertContained(vault.root, NOTE));
  await time('stat (promise), the settings freshness check', () =>
    stat(absolute, { bigint: true }),
  );
  await time('statSync', () => statSync(absolute, { bigint: true }));
  await time('readFile utf8 (promise)', () => readFile(absolute, 'utf8'));
  await time('readFileSync utf8', () => readFileSync(absolute, 'utf8'));
  await time('revisionOf (sha256)', () => revisionOf(text));
  const result = { path: NOTE, content: text, revision: revisionOf(text) };
  await time('JSON.stringify of the whole answer', () =>
    JSON.stringify({
      result: {
        content: [{ type: 'text', text: JSON.stringify(result) }],
        structuredContent: result,
      },
      jsonrpc: '2.0',
      id: 1,
    }),
  );
  for (const kib of SIZES_KIB) {
    const path = join(vault.root, `generated-${kib}.md`);
    await writeFile(path, `${'word '.repeat((kib * 1024) / 5)}`);
    await time(`readFile utf8 (promise), ${kib} KiB`, () => readFile(path, 'utf8'));
    await time(`readFileSync utf8, ${kib} KiB`, () => readFileSync(path, 'utf8'));
  }
} finally {
  await vault.remove();
}
