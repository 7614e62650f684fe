/**
 * The journal is input (ADR-0041): it lives on the device, but anything that can write a file
 * there can plant a record. A record naming a path a tool argument could not name (`..`, the
 * config folder, a name that is not a content hash for a before-image) is set aside when read
 * and refused with `invalid_journal_record` when undone; nothing it names is touched.
 */
import { describe, expect, test } from 'bun:test';
import { revisionOf } from '@mcp-connector/shared';
import { deviceHomeOf } from '@mcp-connector/shared';
import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { settingsPathOf } from '../../serve.ts';
import { callFail } from '../../test-support/index.ts';
import {
  JOURNAL_VAULT,
  journalVault,
  listChanges,
  startJournalServer,
  vaultState,
} from './test-support/journal-vault.ts';

const PLANTED = Buffer.from('planted by someone else\n');
const PLANTED_BLOB = createHash('sha256').update(PLANTED).digest('hex');
const BETA = 'Notes/Beta.md';

function fileImage(blob = PLANTED_BLOB) {
  return { kind: 'file', revision: revisionOf(PLANTED), size: PLANTED.length, blob };
}

function committed(id: string, steps: object[], after: Record<string, string>) {
  return {
    t: 'commit',
    change: {
      id,
      time: new Date().toISOString(),
      actor: { tokenId: null, label: 'Someone' },
      tool: 'create_vault_file',
      summary: '{}',
      steps,
      after,
    },
  };
}

async function plant(vault: string, lines: object[]): Promise<void> {
  const folder = deviceHomeOf(realpathSync(vault)).changeJournal;
  await mkdir(join(folder, 'images'), { recursive: true });
  await writeFile(join(folder, 'images', PLANTED_BLOB), PLANTED);
  const text = [{ t: 'journal', format: 1 }, ...lines].map((line) => JSON.stringify(line));
  await writeFile(join(folder, 'journal.jsonl'), `${text.join('\n')}\n`);
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

describe('planted journal records', () => {
  test('undo_change refuses records naming paths outside the vault or in its config folder', async () => {
    const vault = await journalVault();
    const dataJson = settingsPathOf(vault.root);
    const outsideName = `${vault.root.split('/').at(-1) ?? 'vault'}-outside.md`;
    const outside = join(dirname(vault.root), outsideName);
    const escaping = `../${outsideName}`;
    const betaRevision = revisionOf(JOURNAL_VAULT[BETA] as string);
    await plant(vault.root, [
      committed('escape', [{ step: 'put', path: escaping, before: fileImage() }], {
        [escaping]: 'absent',
      }),
      committed('move-out', [{ step: 'move', from: escaping, to: BETA }], {
        [BETA]: betaRevision,
        [escaping]: 'absent',
      }),
      committed(
        'config',
        [
          {
            step: 'put',
            path: '.obsidian/plugins/local-mcp-server/data.json',
            before: fileImage(),
          },
        ],
        { '.obsidian/plugins/local-mcp-server/data.json': 'absent' },
      ),
      committed('bad-blob', [{ step: 'put', path: 'Notes/New.md', before: fileImage('../../x') }], {
        'Notes/New.md': 'absent',
      }),
    ]);
    const server = await startJournalServer(vault);
    try {
      const before = await vaultState(vault.root);
      const settings = await readFile(dataJson, 'utf8');
      for (const id of ['escape', 'move-out', 'config', 'bad-blob']) {
        const failure = await callFail(server.client, 'undo_change', { id });
        expect(failure).toMatchObject({ code: 'invalid_journal_record', details: { change: id } });
      }
      expect(await exists(outside)).toBe(false);
      expect(await vaultState(vault.root)).toEqual(before);
      expect(await readFile(dataJson, 'utf8')).toBe(settings);
      expect(await listChanges(server.client)).toEqual([]);
      // The server still serves the token it had: data.json was not replaced.
      await server.client.callTool({ name: 'list_changes', arguments: {} });
    } finally {
      await server.stop();
      await rm(outside, { force: true });
    }
  });
});
