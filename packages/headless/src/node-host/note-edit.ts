/**
 * Editing a note on disk without losing what another program writes meanwhile. The note is read
 * together with its version (inode, size, mtime); the edit is computed; then, just before it
 * lands, the version is checked again (and, for notes up to 1 MiB, the bytes too). If another
 * program changed the note, the edit is computed again on the new text (edits are pure functions
 * of the text), up to five times, then refused with `precondition_failed` naming the revision on
 * disk. An edit that only appends is written in place with O_APPEND after the same check, so an
 * append racing another program's append never drops either; anything else is written atomically
 * (temp file and rename). A note that is not UTF-8 is refused (`unsupported_encoding`); a BOM is
 * kept. The caller holds NodeHost's write lock.
 */
import { ToolError, revisionOf, writeAll, writeFileAtomic } from '@mcp-connector/shared';
import { decodeForEdit, type DecodedNote } from '@mcp-connector/obsidian-plugin/host';
import { open, readFile, stat } from 'node:fs/promises';
import type { VaultState } from './vault-state.ts';
import { isIndexedText } from '@mcp-connector/markdown/vault';
import { toFileStat } from './file-stats.ts';

const ATTEMPTS = 5;
const COMPARE_BYTES_UP_TO = 1024 * 1024;
const BOM = '\uFEFF';

interface NoteOnDisk extends DecodedNote {
  bytes: Buffer;
  version: string;
}

class ChangedMeanwhile extends Error {}

export async function editNote(
  state: VaultState,
  path: string,
  transform: (text: string) => string,
): Promise<string> {
  let note: NoteOnDisk | null = null;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    note = await readNote(state, path);
    const next = transform(note.text);
    if (next === note.text) return next;
    try {
      if (next.startsWith(note.text))
        await appendInPlace(state, path, note, next.slice(note.text.length));
      else await replaceIfUnchanged(state, path, note, next);
    } catch (error) {
      if (error instanceof ChangedMeanwhile) continue;
      throw error;
    }
    return record(state, path);
  }
  throw new ToolError(
    'precondition_failed',
    `${path} kept changing on disk while it was being edited (another program is writing it). Read it again and retry when it is quiet.`,
    { path, currentRevision: revisionOf(note?.text ?? '') },
  );
}

async function readNote(state: VaultState, path: string): Promise<NoteOnDisk> {
  state.requireFile(path);
  const absolute = state.absolute(path);
  state.contained(state.table.diskPathOf(path) ?? path);
  const version = await versionOf(absolute);
  const bytes = await readFile(absolute);
  return { ...decodeForEdit(bytes, path), bytes, version };
}

async function appendInPlace(
  state: VaultState,
  path: string,
  note: NoteOnDisk,
  suffix: string,
): Promise<void> {
  const handle = await open(state.absolute(path), 'a');
  try {
    const now = await handle.stat({ bigint: true });
    if (`${now.ino}:${now.size}:${now.mtimeNs}` !== note.version) throw new ChangedMeanwhile();
    try {
      await writeAll(handle, Buffer.from(suffix, 'utf8'));
      await handle.sync();
    } catch (error) {
      // A short write (a full disk) is cut off: the note is left as it was.
      await handle.truncate(Number(now.size)).catch(() => undefined);
      throw error;
    }
  } finally {
    await handle.close();
  }
}

async function replaceIfUnchanged(
  state: VaultState,
  path: string,
  note: NoteOnDisk,
  next: string,
): Promise<void> {
  const absolute = state.absolute(path);
  await writeFileAtomic(absolute, note.bom ? BOM + next : next, async () => {
    if ((await versionOf(absolute)) !== note.version) throw new ChangedMeanwhile();
    if (note.bytes.length <= COMPARE_BYTES_UP_TO && !(await readFile(absolute)).equals(note.bytes))
      throw new ChangedMeanwhile();
  });
}

/** Indexes the note as it is on disk now (it may hold another program's append after ours). */
async function record(state: VaultState, path: string): Promise<string> {
  const absolute = state.absolute(path);
  const text = (await readFile(absolute, 'utf8')).replace(/^\uFEFF/, '');
  const entry = state.table.file(path);
  state.recordFile(
    path,
    entry?.diskPath ?? path,
    toFileStat(await stat(absolute)),
    isIndexedText(path) ? text : null,
  );
  return text;
}

async function versionOf(absolute: string): Promise<string> {
  const now = await stat(absolute, { bigint: true });
  return `${now.ino}:${now.size}:${now.mtimeNs}`;
}
