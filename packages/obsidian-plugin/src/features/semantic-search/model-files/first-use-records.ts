/**
 * Trust on first use (ADR-0053): for a model whose files' SHA-256 nobody we could check has
 * published, the first complete download's sizes and hashes are recorded here, in this device's
 * state folder (never the vault: another device makes its own first download and record), and
 * every later download and load must match them. One JSON file per model and revision, written
 * atomically; what is read back is checked like any input from disk, and a record that does not
 * parse counts as a record nobody can match (never as no record, which would trust anew).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '@mcp-connector/shared';
import type { PinnedFile } from '../providers/native-models.ts';

export interface FirstUseRecord {
  modelId: string;
  revision: string;
  /** When the first download finished (ISO 8601). */
  recordedAt: string;
  files: PinnedFile[];
}

/** What a record read back is: none yet, a record, or a file that is not one. */
export type RecordLookup =
  | { kind: 'none' }
  | { kind: 'recorded'; record: FirstUseRecord }
  | { kind: 'unreadable'; reason: string };

export interface FirstUseRecords {
  read(modelId: string, revision: string): Promise<RecordLookup>;
  write(record: FirstUseRecord): Promise<void>;
  /** Where a model's record is, for messages that say how to trust new files. */
  where(modelId: string, revision: string): string;
}

/** Records as files in `folder` (the device state's `model-trust`). */
export function nodeFirstUseRecords(folder: string): FirstUseRecords {
  const where = (modelId: string, revision: string) =>
    join(folder, `${modelId.replaceAll('/', '__')}@${revision}.json`);
  return {
    where,
    async read(modelId, revision) {
      const text = await readFile(where(modelId, revision), 'utf8').catch((error: unknown) => {
        if ((error as { code?: string }).code === 'ENOENT') return null;
        throw error;
      });
      if (text === null) return { kind: 'none' };
      const record = parseRecord(text, modelId, revision);
      return typeof record === 'string'
        ? { kind: 'unreadable', reason: record }
        : { kind: 'recorded', record };
    },
    async write(record) {
      await writeFileAtomic(
        where(record.modelId, record.revision),
        `${JSON.stringify(record, null, 2)}\n`,
      );
    },
  };
}

/** Records kept in memory (tests, and the Chromium page, which has no device state). */
export function memoryFirstUseRecords(): FirstUseRecords {
  const records = new Map<string, FirstUseRecord>();
  const key = (modelId: string, revision: string) => `${modelId}@${revision}`;
  return {
    where: (modelId, revision) => `memory:${key(modelId, revision)}`,
    read: async (modelId, revision) => {
      const record = records.get(key(modelId, revision));
      return record === undefined ? { kind: 'none' } : { kind: 'recorded', record };
    },
    write: async (record) => void records.set(key(record.modelId, record.revision), record),
  };
}

/** The record, or why the text is not one for this model and revision. */
function parseRecord(text: string, modelId: string, revision: string): FirstUseRecord | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'it is not JSON';
  }
  const record = value as Partial<FirstUseRecord>;
  if (record.modelId !== modelId || record.revision !== revision)
    return 'it names another model or revision';
  if (typeof record.recordedAt !== 'string') return 'it has no date';
  if (!Array.isArray(record.files) || record.files.length === 0) return 'it lists no files';
  for (const file of record.files as unknown[])
    if (!isPinnedFile(file)) return 'a file is malformed';
  return record as FirstUseRecord;
}

function isPinnedFile(value: unknown): value is PinnedFile {
  const file = value as Partial<PinnedFile> | null;
  return (
    typeof file?.path === 'string' &&
    Number.isSafeInteger(file.bytes) &&
    (file.bytes ?? -1) >= 0 &&
    typeof file.sha256 === 'string' &&
    /^[0-9a-f]{64}$/.test(file.sha256)
  );
}
