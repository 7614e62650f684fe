/**
 * append_to_periodic_note: add text to a periodic note (default: today's daily note), at the end
 * or at the end of a heading's section, creating the note from its template when missing (the
 * template and the addition land in one write). Edits run atomically through `editText`;
 * `expectedRevision` guards an existing note, and on a missing one fails without creating it.
 */
import { ToolError } from '@mcp-connector/shared';
import { type } from 'arktype';
import { ADDITIVE, defineTool, type Tool } from '../../define-tool.ts';
import { expectedRevisionArgument } from '../../services/arguments.ts';
import { editText } from '../../services/note-access.ts';
import { revisionOf } from '../../services/revision.ts';
import { appendedText, requireContent } from './services/periodic-append.ts';
import { ensurePeriodicNote, locatePeriodicNote } from './services/periodic-note.ts';
import { dateArgument, periodArgument, systemClock, type Clock } from './services/periods.ts';

export function appendToPeriodicNoteTool(clock: Clock = systemClock): Tool {
  return defineTool({
    name: 'append_to_periodic_note',
    title: 'Periodic append',
    description: `Append to a periodic note (default: today's daily), created if missing; underHeading "A::B": end of that section.`,
    input: () =>
      type({
        'period?': periodArgument,
        content: 'string',
        'date?': dateArgument,
        'underHeading?': 'string',
        'expectedRevision?': expectedRevisionArgument,
      }),
    annotations: ADDITIVE,
    handler: async ({ period = 'daily', content, date, underHeading, expectedRevision }, ctx) => {
      requireContent(content);
      const target = await locatePeriodicNote(ctx.host, period, date, clock);
      const append = (text: string) => appendedText(text, content, underHeading, target.path);
      if (expectedRevision !== undefined && ctx.host.getFile(target.path) === null) {
        throw new ToolError(
          'precondition_failed',
          `${target.path} does not exist, so it cannot be at revision ${expectedRevision}; drop expectedRevision to create it.`,
          { path: target.path, currentRevision: null },
        );
      }
      const note = await ensurePeriodicNote(ctx.host, target, append);
      if (note.created) {
        const created = { path: note.file.path, created: true, revision: revisionOf(note.content) };
        return note.warning === undefined ? created : { ...created, warning: note.warning };
      }
      const { revision } = await editText(ctx.host, note.file, append, expectedRevision);
      return { path: note.file.path, created: false, revision };
    },
  });
}

export const appendToPeriodicNote = appendToPeriodicNoteTool();
