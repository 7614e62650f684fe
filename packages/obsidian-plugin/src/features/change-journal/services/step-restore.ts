/**
 * Taking one step back: a move is moved back (a plain move: the links it rewrote are steps of
 * their own), and a path is given its before-image again: its bytes, an (empty) folder, or
 * nothing (a file or empty folder the change created goes to the trash, as every removal by a
 * tool does). Rollback, undo and redo all go through here, on the guarded host or a recording
 * one.
 *
 * A path is put back only while it holds what the journal expects it to (`Expected`: the state
 * the call left it in, for a rollback; the change's after-state, for an undo), re-checked as
 * every write is (ADR-0041): a text file through the host's `process`, whose edit is checked
 * against the disk just before it lands. Another program's edit made meanwhile is never wiped:
 * the step fails with `precondition_failed`.
 */
import { ToolError, revisionOf } from '@mcp-connector/shared';
import type { VaultHost } from '../../../host/vault-host.ts';
import {
  ABSENT,
  FOLDER,
  imageState,
  type Image,
  type PathState,
  type Step,
} from './change-record.ts';
import { isTextFile, stateOf } from './path-state.ts';

/** What each path should hold before the next step back touches it; updated by every step. */
export type Expected = Map<string, PathState>;

export interface RestoreImages {
  get(blob: string): Promise<Uint8Array | null>;
}

export async function restoreStep(
  host: VaultHost,
  step: Step,
  images: RestoreImages,
  expected: Expected,
): Promise<void> {
  if (step.step === 'move') {
    await host.rename(step.to, step.from);
    return moveExpectations(expected, step.to, step.from);
  }
  await restoreImage(host, step.path, step.before, images, expected.get(step.path));
  expected.set(step.path, imageState(step.before));
}

/** Puts `image` back at `path`, if the path holds `expected` (or anything, when undefined). */
export async function restoreImage(
  host: VaultHost,
  path: string,
  image: Image,
  images: RestoreImages,
  expected: PathState | undefined,
): Promise<void> {
  const current = await stateOf(host, path);
  if (current === imageState(image)) return;
  if (expected !== undefined && current !== expected) throw changedMeanwhile(path, current);
  if (image.kind === 'absent') return removePath(host, path);
  if (image.kind === 'folder') return host.createFolder(path);
  const bytes = await imageBytes(path, image, images);
  if (host.getFile(path) !== null) return rewriteFile(host, path, bytes, expected);
  if (host.getFolder(path) !== null) {
    throw new ToolError(
      'precondition_failed',
      `${path} is a folder now, so the file cannot return.`,
      {
        path,
      },
    );
  }
  await host.createBinary(path, bytes);
}

export async function imageBytes(
  path: string,
  image: Extract<Image, { kind: 'file' }>,
  images: RestoreImages,
): Promise<Uint8Array> {
  const bytes = await images.get(assertKept(path, image));
  if (bytes !== null) return bytes;
  throw new ToolError('too_large', `The earlier version of ${path} is no longer in the journal.`, {
    path,
  });
}

/** The image's blob; `too_large` when the bytes were over the limit for binary files. */
export function assertKept(path: string, image: Extract<Image, { kind: 'file' }>): string {
  if (image.blob !== null) return image.blob;
  throw new ToolError(
    'too_large',
    `The earlier version of ${path} (${image.size} bytes) was over the journal's size limit for binary files (changeJournal.maxBinaryMb), so it was not kept.`,
    { path, size: image.size },
  );
}

async function removePath(host: VaultHost, path: string): Promise<void> {
  if (host.getFile(path) !== null) return host.trashFile(path);
  if (host.getFolder(path) === null) return;
  const prefix = `${path}/`;
  const inside =
    host.listFiles().some((file) => file.path.startsWith(prefix)) ||
    host.listFolders().some((folder) => folder.path.startsWith(prefix));
  if (inside) {
    throw new ToolError(
      'precondition_failed',
      `${path} holds files added since, so it is left in place; move them out first.`,
      { path },
    );
  }
  await host.trashFile(path);
}

/**
 * A text file goes back through `process`, so the check that it still holds `expected` is made
 * again just before the write lands; then, should the host have kept a byte-order mark the image
 * lacks (or the reverse), the exact bytes follow.
 */
async function rewriteFile(
  host: VaultHost,
  path: string,
  bytes: Uint8Array,
  expected: PathState | undefined,
): Promise<void> {
  if (!isTextFile(path) || expected === undefined) return host.modifyBinary(path, bytes);
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  await host.process(path, (now) => {
    if (revisionOf(now) !== expected) throw changedMeanwhile(path, revisionOf(now));
    return text;
  });
  if (!sameBytes(await host.readBinary(path), bytes)) await host.modifyBinary(path, bytes);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && a.every((byte, index) => byte === b[index]);
}

function changedMeanwhile(path: string, current: PathState): ToolError {
  return new ToolError(
    'precondition_failed',
    `${path} was changed by something else meanwhile, so it was left as it is now rather than overwritten. Read it, then edit it by hand or undo again.`,
    { path, currentRevision: current === ABSENT || current === FOLDER ? null : current },
  );
}

/** After moving `from` back to `to`: what was expected at `from` (and inside it) is now at `to`. */
export function moveExpectations(expected: Expected, from: string, to: string): void {
  for (const [path, state] of [...expected]) {
    if (path !== from && !path.startsWith(`${from}/`)) continue;
    expected.delete(path);
    expected.set(to + path.slice(from.length), state);
  }
  expected.set(from, ABSENT);
}
