/**
 * Anything a tool or the change journal caught, as a failure the caller can read. A host's file
 * system errors become the code that fits them, worded without their path (Node puts the absolute
 * path of the machine in the message); anything else unexpected is `internal_error`, with every
 * absolute path in its message removed.
 */
import { ToolError, diskFull, isDiskFull, type ToolFailure } from '@mcp-connector/shared';

/** Turns anything thrown into a failure. */
export function failureFromThrown(thrown: unknown): ToolFailure {
  if (thrown instanceof ToolError) return thrown.toFailure();
  if (isDiskFull(thrown)) return diskFull().toFailure();
  const errno = systemErrorCode(thrown);
  if (errno !== null) return SYSTEM_FAILURES[errno] ?? unexpectedSystemError(errno);
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  return { code: 'internal_error', message: `Unexpected error: ${withoutPaths(message)}` };
}

const SYSTEM_FAILURES: Record<string, ToolFailure> = {
  ENOENT: {
    code: 'not_found',
    message:
      'The file or folder is no longer where the vault index had it (another program changed the folder); list the folder again.',
  },
  ENOTDIR: {
    code: 'not_found',
    message:
      'A folder on the way to this path is now a file on disk (another program changed it); list the folder again.',
  },
  EISDIR: { code: 'not_a_file', message: 'This path is a folder on disk, not a file.' },
  EEXIST: {
    code: 'already_exists',
    message:
      'Something with this name already exists on disk; list the folder and choose another name.',
  },
  ENAMETOOLONG: {
    code: 'invalid_path',
    message:
      'The path is longer than the file system allows (255 bytes per name); use a shorter name.',
  },
  EACCES: {
    code: 'internal_error',
    message:
      'The operating system refused access to this file (permissions); the user can fix them.',
  },
  EPERM: {
    code: 'internal_error',
    message: 'The operating system refused this operation (permissions); the user can fix them.',
  },
};

function unexpectedSystemError(errno: string): ToolFailure {
  return { code: 'internal_error', message: `Unexpected file system error (${errno}).` };
}

function systemErrorCode(thrown: unknown): string | null {
  const code = (thrown as { code?: unknown } | null)?.code;
  return thrown instanceof Error && typeof code === 'string' && /^E[A-Z]+$/.test(code)
    ? code
    : null;
}

/** The message with anything that looks like an absolute path of the machine replaced. */
export function withoutPaths(message: string): string {
  return message.replace(/(?:[A-Za-z]:)?(?:[\\/][^\s'"`:;,()\\/]+){2,}[\\/]?/g, '<path>');
}
