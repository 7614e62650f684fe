/**
 * The operations of edit_vault_files: each `{op, path, ...}` is the call of one single-file tool
 * (create and replace: create_vault_file; rename: rename_vault_file with `from` = path; ...),
 * checked by that tool's own schema. Before anything runs, every operation is validated (its
 * arguments, its paths) and every precondition that can be checked up front is (the file exists,
 * or does not for create; its expectedRevision), for each path no earlier operation touches.
 * A failure names the operation (1-based) and keeps the single tool's code.
 */
import { ToolError } from '@mcp-connector/shared';
import { failureFromThrown } from '../../../../../host/thrown-failure.ts';
import type { VaultHost } from '../../../../../host/vault-host.ts';
import { normalizeVaultPath } from '../../../../../host/vault-path.ts';
import type { ToolPermit } from '../../../../change-journal/index.ts';
import type { Tool } from '../../../define-tool.ts';
import { assertFileRevision } from '../../../services/note-access.ts';
import { deleteNoteProperty } from '../../frontmatter/delete-note-property.ts';
import { setNoteProperty } from '../../frontmatter/set-note-property.ts';
import { patchVaultFile } from '../../sections/patch-vault-file.ts';
import { appendToVaultFile } from '../append-to-vault-file.ts';
import { createVaultFile } from '../create-vault-file.ts';
import { deleteVaultFile } from '../delete-vault-file.ts';
import { renameVaultFile } from '../rename-vault-file.ts';

export const OPERATION_TOOLS = {
  create: createVaultFile,
  replace: createVaultFile,
  append: appendToVaultFile,
  patch: patchVaultFile,
  set_property: setNoteProperty,
  delete_property: deleteNoteProperty,
  rename: renameVaultFile,
  delete: deleteVaultFile,
} as const satisfies Record<string, Tool>;

export type OperationName = keyof typeof OPERATION_TOOLS;

export interface PlannedOperation {
  /** 1-based, as the answer names it. */
  number: number;
  op: OperationName;
  path: string;
  /** A rename's target. */
  to: string | null;
  tool: Tool;
  args: Record<string, unknown>;
}

/**
 * Validates one operation. `permit` is the caller's scope: an operation runs only when the
 * caller could call its tool itself (ADR-0041), so a batch never widens a token's reach.
 */
export function planOperation(
  operation: { op: OperationName; path: string } & Record<string, unknown>,
  index: number,
  host: VaultHost,
  permit: ToolPermit,
): PlannedOperation {
  const { op, path, ...rest } = operation;
  const number = index + 1;
  return inOperation({ number, op, path }, () => {
    if ('idempotencyKey' in rest) {
      throw new ToolError(
        'invalid_arguments',
        'idempotencyKey goes on edit_vault_files itself, not on one operation.',
      );
    }
    // The path first: a traversal is invalid_path whatever else the operation gets wrong.
    const normalized = normalizeVaultPath(path, host.configDir);
    const tool = OPERATION_TOOLS[op];
    permit(tool.name);
    const parsed = tool.parse(op === 'rename' ? { from: path, ...rest } : { path, ...rest });
    if (!parsed.ok) {
      const problems = parsed.problems.map((problem) => problem.message).join('; ');
      throw new ToolError('invalid_arguments', `${problems}.`, { problems: parsed.problems });
    }
    const args = parsed.args as Record<string, unknown>;
    const to = op === 'rename' ? normalizeVaultPath(String(args.to), host.configDir) : null;
    return { number, op, path: normalized, to, tool, args };
  });
}

/** Checks, in order, what the vault must hold for each operation on a path not touched before it. */
export async function checkPreconditions(
  operations: readonly PlannedOperation[],
  host: VaultHost,
): Promise<void> {
  const touched = new Set<string>();
  for (const operation of operations) {
    if (!touched.has(operation.path)) {
      await inOperation(operation, () => checkUntouched(operation, host));
    }
    touched.add(operation.path);
    if (operation.to !== null) touched.add(operation.to);
  }
}

async function checkUntouched(operation: PlannedOperation, host: VaultHost): Promise<void> {
  const file = host.getFile(operation.path);
  const exists = file !== null || host.getFolder(operation.path) !== null;
  if (operation.op === 'create' && exists) throw alreadyExists(operation.path);
  if (operation.op !== 'create' && operation.op !== 'append' && !exists)
    throw new ToolError('not_found', `No file ${operation.path}.`, { path: operation.path });
  const expectedRevision = operation.args.expectedRevision as string | undefined;
  if (file !== null) await assertFileRevision(host, file, expectedRevision);
}

/** Checks made when the operation's turn comes (earlier operations may have changed the path). */
export function checkInTurn(operation: PlannedOperation, host: VaultHost): void {
  const exists = host.getFile(operation.path) !== null;
  if (operation.op === 'create' && (exists || host.getFolder(operation.path) !== null))
    throw alreadyExists(operation.path);
  if (operation.op === 'replace' && !exists) {
    throw new ToolError('not_found', `No file ${operation.path} to replace; use op "create".`, {
      path: operation.path,
    });
  }
}

/** Runs `work`, naming the operation in any failure it raises. */
export function inOperation<T>(
  operation: Pick<PlannedOperation, 'number' | 'op' | 'path'>,
  work: () => T,
): T {
  const rename = (error: unknown): never => {
    // failureFromThrown: an error of the file system names no absolute path of the machine.
    const failure = error instanceof ToolError ? error : toolErrorOf(failureFromThrown(error));
    throw new ToolError(
      failure.code,
      `Operation ${operation.number} (${operation.op} ${operation.path}) failed: ${failure.message}`,
      { operation: operation.number, op: operation.op, path: operation.path, ...failure.details },
    );
  };
  try {
    const result = work();
    return result instanceof Promise ? (result.catch(rename) as T) : result;
  } catch (error) {
    return rename(error);
  }
}

function alreadyExists(path: string): ToolError {
  return new ToolError('already_exists', `${path} already exists; use op "replace".`, { path });
}

function toolErrorOf(failure: ReturnType<typeof failureFromThrown>): ToolError {
  return new ToolError(failure.code, failure.message, failure.details);
}
