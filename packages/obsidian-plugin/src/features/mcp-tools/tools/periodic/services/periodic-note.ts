/**
 * Finding and creating a periodic note. Its path is the configured folder plus the period's
 * start formatted with the configured format (a format may hold folders: `YYYY/MM/YYYY-MM-DD`),
 * plus `.md`. A missing note is created from the configured template (resolved like a link, as
 * Obsidian resolves it: a vault path with or without `.md`); a template that cannot be found
 * gives an empty note and a warning. Concurrent calls create the note once: `host.create` fails
 * for all but the first, and the others use the note it made.
 */
import { ToolError } from '@mcp-connector/shared';
import type { Moment } from 'moment';
import type { VaultFile, VaultHost } from '../../../../../host/vault-host.ts';
import { normalizeVaultPath } from '../../../../../host/vault-path.ts';
import { invalidConfig, readPeriodSettings, type PeriodSettings } from './periodic-settings.ts';
import { periodStart, type Clock, type Period } from './periods.ts';
import { renderTemplate } from './template-render.ts';

export interface PeriodicNoteTarget {
  path: string;
  start: Moment;
  /** The time of the call, for the template's {{time}} and date offsets. */
  now: Moment;
  settings: PeriodSettings;
}

export type EnsuredNote =
  | { created: true; file: VaultFile; content: string; warning?: string }
  | { created: false; file: VaultFile };

export async function locatePeriodicNote(
  host: VaultHost,
  period: Period,
  date: string | undefined,
  clock: Clock,
): Promise<PeriodicNoteTarget> {
  const settings = await readPeriodSettings(host, period);
  const moment = await host.loadMoment();
  const start = periodStart(moment, period, date, clock);
  const name = start.format(settings.format);
  const raw = settings.folder === '' ? `${name}.md` : `${settings.folder}/${name}.md`;
  try {
    const now = moment(clock());
    return { path: normalizeVaultPath(raw, host.configDir), start, now, settings };
  } catch (error) {
    if (!(error instanceof ToolError) || error.code !== 'invalid_path') throw error;
    throw invalidConfig(host, settings.source, `its ${period} folder and format give "${raw}"`);
  }
}

/**
 * The note, created when missing. `initial` turns the rendered template into the text to create,
 * so a caller that adds to a new note writes it once; if it throws, nothing is created.
 */
export async function ensurePeriodicNote(
  host: VaultHost,
  target: PeriodicNoteTarget,
  initial: (rendered: string) => string = (rendered) => rendered,
): Promise<EnsuredNote> {
  const existing = host.getFile(target.path);
  if (existing !== null) return { created: false, file: existing };
  const { text, warning } = await renderNewNote(host, target);
  const content = initial(text);
  try {
    const file = await host.create(target.path, content);
    return warning === undefined
      ? { created: true, file, content }
      : { created: true, file, content, warning };
  } catch (error) {
    const raced = host.getFile(target.path);
    if (!(error instanceof ToolError) || error.code !== 'already_exists' || raced === null)
      throw error;
    return { created: false, file: raced };
  }
}

async function renderNewNote(
  host: VaultHost,
  target: PeriodicNoteTarget,
): Promise<{ text: string; warning?: string }> {
  const { template, format } = target.settings;
  if (template === '') return { text: '' };
  const templatePath = host.getFirstLinkpathDest(template.replace(/^\/+|\/+$/g, ''), '');
  if (templatePath === null) {
    return {
      text: '',
      warning: `Template "${template}" (${target.settings.source}) was not found; the note was created empty.`,
    };
  }
  const title = target.path.slice(target.path.lastIndexOf('/') + 1, -'.md'.length);
  const text = await host.read(templatePath);
  return { text: renderTemplate(text, { date: target.start, format, title, now: target.now }) };
}
