/**
 * Long work is visible, stoppable and never half-done (issue 42, ADR-0036), on both protocol
 * lines, with the official SDK client: a vault-wide search_and_replace apply reports progress at
 * least once a second of work and leaves no before-image no change names; cancelled half way,
 * it leaves the vault byte for byte as it was and the journal without a change or an image of
 * it. The vault here is small enough for the gate (GATE_NOTES); scripts/bench/long-work.ts runs
 * the same over 20,000 generated notes.
 */
import { afterEach, describe, expect, test } from 'bun:test';
import type { Client } from '@modelcontextprotocol/client';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { realpathSync } from 'node:fs';
import { deviceHomeOf } from '@mcp-connector/shared';
import {
  PROTOCOL_LINES,
  buildVault,
  callOk,
  snapshotVault,
  startTestServer,
  type McpTestServer,
} from '../test-support/index.ts';

const GATE_NOTES = 400;
/** A note in five has no garden, so it is scanned and not written. */
const MATCHED = GATE_NOTES - GATE_NOTES / 5;
const CALL_TIMEOUT_MS = 120_000;
/** How long the rollback of a cancelled call may take to land, on a busy machine. */
const ROLLBACK_BOUND_MS = 60_000;

function gardenNotes(count: number): Record<string, string> {
  const notes: Record<string, string> = {};
  for (let index = 0; index < count; index++) {
    const words = index % 5 === 0 ? 'meadow and field' : 'the garden, a garden path, garden';
    notes[`Notes/${index % 10}/Note ${index}.md`] =
      `# Note ${index}\n\n${words} ${'lorem ipsum dolor sit amet '.repeat(20)}\n`;
  }
  return notes;
}

const REPLACE = { pattern: 'garden', replacement: 'orchard', dry_run: false };

let server: McpTestServer | null = null;
afterEach(async () => {
  await server?.stop();
  server = null;
});

async function start(): Promise<McpTestServer> {
  server = await startTestServer(await buildVault(gardenNotes(GATE_NOTES)));
  return server;
}

function imagesOf(running: McpTestServer): Promise<string[]> {
  const folder = join(deviceHomeOf(realpathSync(running.vault.root)).changeJournal, 'images');
  return readdir(folder).catch(() => []);
}

interface Heard {
  at: number;
  progress: number;
  total?: number;
  message?: string;
}

/** Polls `condition`; one that throws (a temp file gone while it was read) is not yet true. */
async function until(condition: () => Promise<boolean>, boundMs: number): Promise<void> {
  const deadline = Date.now() + boundMs;
  while (!(await condition().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`not so within ${boundMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(PROTOCOL_LINES)('long work on the %s line', (line) => {
  test('a vault-wide apply reports progress every second of work and keeps only its images', async () => {
    const running = await start();
    const client: Client = await running.connect(line);
    const heard: Heard[] = [];
    const started = performance.now();
    const result = await client.callTool(
      { name: 'search_and_replace', arguments: REPLACE },
      {
        timeout: CALL_TIMEOUT_MS,
        onprogress: (progress) => heard.push({ ...progress, at: performance.now() }),
      },
    );
    const elapsedMs = performance.now() - started;
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toMatchObject({ filesChanged: MATCHED });
    expect(heard.length).toBeGreaterThanOrEqual(Math.max(1, Math.floor(elapsedMs / 1000)));
    const values = heard.map((entry) => entry.progress);
    expect(values).toEqual([...new Set(values)].sort((a, b) => a - b));
    expect(heard.at(-1)).toMatchObject({ total: GATE_NOTES + MATCHED });
    expect(heard.some((entry) => entry.message === 'Replacing in notes')).toBe(true);
    // Each image is a note's before-image, which the change names (its undo needs it).
    expect(await imagesOf(running)).toHaveLength(MATCHED);
  }, 180_000);

  test('cancelled half way, the vault is as it was and the journal keeps nothing of it', async () => {
    const running = await start();
    const client = await running.connect(line);
    const before = await snapshotVault(running.vault.root);
    const stop = new AbortController();
    let stoppedAt = 0;
    const outcome = await client
      .callTool(
        { name: 'search_and_replace', arguments: REPLACE },
        {
          timeout: CALL_TIMEOUT_MS,
          signal: stop.signal,
          onprogress: ({ progress }) => {
            if (stoppedAt === 0 && progress >= GATE_NOTES + MATCHED / 2) {
              stoppedAt = progress;
              stop.abort(new Error('enough'));
            }
          },
        },
      )
      .then(
        () => 'answered',
        () => 'cancelled',
      );
    expect(outcome).toBe('cancelled');
    expect(stoppedAt).toBeGreaterThan(0);
    // The server puts the notes back after the client has let go: wait for the vault to say so.
    const unchanged = async () =>
      JSON.stringify(await snapshotVault(running.vault.root)) === JSON.stringify(before) &&
      (await imagesOf(running)).length === 0;
    await until(unchanged, ROLLBACK_BOUND_MS);
    const { changes } = await callOk(client, 'list_changes', {});
    expect(changes).toEqual([]);
  }, 180_000);
});
