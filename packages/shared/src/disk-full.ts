/**
 * Writing every byte or failing (ADR-0042). A file system that runs out of room makes a short
 * write first and fails only on the next one; a write that does not check what was written
 * reports success for half a note. `writeAll` loops until every byte is written, and a write
 * that makes no progress, or fails for want of room (ENOSPC, EDQUOT, or EFBIG: a file size
 * limit), becomes the tool error `disk_full`, whose message names the fix.
 */
import type { FileHandle } from 'node:fs/promises';
import { ToolError } from './errors.ts';

const NO_ROOM = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);

/** The error a write that found no room answers with. */
export function diskFull(): ToolError {
  return new ToolError(
    'disk_full',
    'The disk is full (or a file size limit was reached): the write was not made and the note is as it was. Free some disk space, then retry the call.',
  );
}

/** Whether `thrown` says the disk (or a quota, or a file size limit) had no room. */
export function isDiskFull(thrown: unknown): boolean {
  if (thrown instanceof ToolError) return thrown.code === 'disk_full';
  const code = (thrown as { code?: unknown } | null)?.code;
  return typeof code === 'string' && NO_ROOM.has(code);
}

/** `thrown` as `disk_full` when it says there was no room; else itself. */
export function asDiskFull(thrown: unknown): unknown {
  return isDiskFull(thrown) ? diskFull() : thrown;
}

/** Writes every byte of `data` at the handle's position (a file opened to append: its end). */
export async function writeAll(handle: FileHandle, data: Uint8Array): Promise<void> {
  try {
    for (let written = 0; written < data.length;) {
      const { bytesWritten } = await handle.write(data, written, data.length - written);
      if (bytesWritten <= 0) throw diskFull();
      written += bytesWritten;
    }
  } catch (error) {
    throw asDiskFull(error);
  }
}
