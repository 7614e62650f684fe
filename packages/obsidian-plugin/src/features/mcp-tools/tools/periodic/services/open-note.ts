/**
 * The one implementation behind get_or_create_daily_note and get_or_create_periodic_note: locate
 * the note, create it if missing, and return its text (capped like every read) and revision.
 */
import type { VaultHost } from '../../../../../host/vault-host.ts';
import { revisionOf } from '../../../services/revision.ts';
import { capText } from '../../../services/text-cap.ts';
import type { ToolData } from '../../../tool-output.ts';
import { ensurePeriodicNote, locatePeriodicNote } from './periodic-note.ts';
import type { Clock, Period } from './periods.ts';

export async function openPeriodicNote(
  host: VaultHost,
  period: Period,
  date: string | undefined,
  clock: Clock,
): Promise<ToolData> {
  const target = await locatePeriodicNote(host, period, date, clock);
  const note = await ensurePeriodicNote(host, target);
  const content = note.created ? note.content : await host.read(note.file.path);
  const capped = capText(content);
  const result: ToolData = {
    path: note.file.path,
    created: note.created,
    content: capped.text,
    revision: revisionOf(content),
  };
  if (capped.truncated) {
    result.text_truncated = true;
    result.hint = `Showing ${Buffer.byteLength(capped.text)} of ${capped.totalBytes} bytes. Read on with get_vault_file_partial (mode "lines", startLine ${capped.nextLine}).`;
  }
  if (note.created && note.warning !== undefined) result.warning = note.warning;
  return result;
}
