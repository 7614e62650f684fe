/**
 * After a crash: a change that began but never committed or aborted was cut off mid-call. Its
 * intents say what it was about to do; the vault says what got done. The steps that took effect
 * are committed as an `interrupted` change (listed and undoable like any other; nothing is put
 * back automatically, so an edit made since is never overwritten behind anyone's back), and its
 * idempotency key answers `idempotency_conflict` naming it. When nothing took effect the change
 * is aborted and its key is free. The vault is read unguarded: a hidden note is still a note.
 */
import type { VaultHost } from '../../../host/vault-host.ts';
import type { OpenChange } from './change-log.ts';
import { changePaths, type Change, type JournalLine } from './change-record.ts';
import { settledSteps } from './change-session.ts';
import { statesOf } from './path-state.ts';

export async function recoveryLines(
  host: VaultHost,
  open: readonly OpenChange[],
): Promise<JournalLine[]> {
  const lines: JournalLine[] = [];
  for (const { head, key, intents } of open) {
    const entries = [...intents.entries()]
      .sort(([a], [b]) => a - b)
      .flatMap(([, intentEntries]) => intentEntries);
    const steps = await settledSteps(host, entries, 'unknown');
    if (steps.length === 0) {
      lines.push({ t: 'abort', id: head.id });
      continue;
    }
    const change: Change = {
      ...head,
      steps,
      after: await statesOf(host, changePaths({ steps })),
      interrupted: true,
    };
    lines.push({ t: 'commit', change });
    if (key !== null)
      lines.push({ t: 'key', ...key, time: head.time, change: head.id, result: null });
  }
  return lines;
}
