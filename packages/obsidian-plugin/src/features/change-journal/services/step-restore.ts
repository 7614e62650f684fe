/**
 * Taking one step back: a move is moved back (a plain move: the links it rewrote are steps of
 * their own), and a path is given its before-image again: its bytes, an (empty) folder, or
 * nothing (a file or empty folder the change created goes to the trash, as every removal by a
 * tool does). Rollback, undo and redo all go through here, on the guarded host or a recording
 * one.
 */
import { ToolError } from '@mcp-connector/shared';
import type { VaultHost } from '../../../host/vault-host.ts';
import type { Image, Step } from './change-record.ts';
import { stateOf } from './path-state.ts';

export interface RestoreImages {
  get(blob: string): Promise<Uint8Array | null>;
}

export async function restoreStep(
  host: VaultHost,
  step: Step,
  images: RestoreImages,
): Promise<void> {
  if (step.step === 'move') return host.rename(step.to, step.from);
  return restoreImage(host, step.path, step.before, images);
}

export async function restoreImage(
  host: VaultHost,
  path: string,
  image: Image,
  images: RestoreImages,
): Promise<void> {
  if (image.kind === 'absent') return removePath(host, path);
  if (image.kind === 'folder') return host.createFolder(path);
  if ((await stateOf(host, path)) === image.revision) return;
  const bytes = await imageBytes(path, image, images);
  if (host.getFile(path) !== null) return host.modifyBinary(path, bytes);
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
