/**
 * A journal record is input (ADR-0041): whoever can write a file in the device home can plant
 * one. Every path a record names must pass the very gate a tool argument passes (vault-path.ts:
 * no `..`, no absolute path, not the config folder, no dot-entry) and already be in its
 * normalised form; every before-image must be named by a content hash, every state be a
 * revision, `absent` or `folder`. A record that fails is set aside when read (change-log.ts) and
 * refused again, with `invalid_journal_record`, before an undo or a restore runs a step of it.
 */
import { ToolError } from '@mcp-connector/shared';
import { normalizeVaultPath } from '../../../host/vault-path.ts';
import {
  ABSENT,
  CHANGED,
  FOLDER,
  stepPaths,
  type Image,
  type IntentEntry,
  type Step,
} from './change-record.ts';

const BLOB_NAME = /^[0-9a-f]{64}$/;
const REVISION = /^[0-9a-f]{16}$/;

/** What is wrong with these steps and states, or null when a tool could have made them. */
export function recordProblem(
  steps: readonly Step[],
  states: Readonly<Record<string, string>>,
  configDir: string,
): string | null {
  for (const step of steps) {
    for (const path of stepPaths(step)) {
      const problem = pathProblem(path, configDir);
      if (problem !== null) return problem;
    }
    if (step.step === 'put') {
      const problem = imageProblem(step.before);
      if (problem !== null) return `${step.path}: ${problem}`;
    }
  }
  for (const [path, state] of Object.entries(states)) {
    const problem = pathProblem(path, configDir) ?? stateProblem(state);
    if (problem !== null) return problem;
  }
  return null;
}

/** The problem of an open change's intents (a crash's leftovers are settled from them). */
export function intentProblem(entries: readonly IntentEntry[], configDir: string): string | null {
  const expected = Object.fromEntries(
    entries.flatMap((entry) =>
      entry.step.step === 'put' ? [[entry.step.path, entry.expect]] : [],
    ),
  );
  return recordProblem(
    entries.map((entry) => entry.step),
    expected,
    configDir,
  );
}

/** Throws `invalid_journal_record` naming the change when a record fails the check. */
export function assertRecordSafe(
  id: string,
  steps: readonly Step[],
  states: Readonly<Record<string, string>>,
  configDir: string,
): void {
  const problem = recordProblem(steps, states, configDir);
  if (problem !== null) throw invalidRecord(id, problem);
}

export function invalidRecord(id: string, problem: string): ToolError {
  return new ToolError(
    'invalid_journal_record',
    `Change ${id} in the journal names what no tool could (${problem}); it was not run. Someone or something wrote the journal file by hand: list_changes shows the changes that are safe to undo.`,
    { change: id, problem },
  );
}

function pathProblem(path: string, configDir: string): string | null {
  try {
    if (normalizeVaultPath(path, configDir) === path) return null;
    return `"${path.slice(0, 80)}" is not in normal form`;
  } catch (error) {
    if (error instanceof ToolError) return error.message;
    throw error;
  }
}

function imageProblem(image: Image): string | null {
  if (image.kind !== 'file') return null;
  if (image.blob !== null && !BLOB_NAME.test(image.blob))
    return 'a before-image not named by its content hash';
  return REVISION.test(image.revision) ? null : 'a revision that is not one';
}

function stateProblem(state: string): string | null {
  if (state === ABSENT || state === FOLDER || state === CHANGED || REVISION.test(state))
    return null;
  return `"${state.slice(0, 40)}" is not a state`;
}
