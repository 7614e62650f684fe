/**
 * The tasks of a note: list items with a checkbox (`- [ ]`, `* [x]`, `1. [/]`, nested, in a
 * blockquote or callout; any status character), as the metadata parser finds them, so nothing in
 * a code block, a comment or the frontmatter is a task. Each task is its first line: the text
 * after the checkbox, its fields (task-fields.ts), its inline tags and its block id.
 */
import { parseMetadata } from '@mcp-connector/markdown';
import type { CachedMetadata, ListItemCache } from 'obsidian';
import { taskFields, type TaskFields } from './task-fields.ts';

export interface TaskLine extends TaskFields {
  /** 0-indexed. */
  line: number;
  /** The character between the brackets: ' ' open, 'x' done, or any other. */
  status: string;
  /** The line after the checkbox. */
  text: string;
  /** Inline tags on the line, without '#'. */
  tags: string[];
  blockId?: string;
}

/** Where a task's checkbox is: the status character's offset, and the end of its line. */
export interface Checkbox {
  line: number;
  status: string;
  statusAt: number;
  lineEnd: number;
  blockId?: string;
}

const MARKER_AND_BOX = /^(?:[-*+]|\d{1,9}[.)])[ \t]+\[/;

/** The tasks of the note's text, in line order. */
export function tasksOf(text: string, cache: CachedMetadata = parseMetadata(text)): TaskLine[] {
  return checkboxes(text, cache).map((box) => {
    const after = text.slice(box.statusAt + 2, box.lineEnd).trim();
    const tags = (cache.tags ?? [])
      .filter((tag) => tag.position.start.line === box.line)
      .map((tag) => tag.tag.slice(1));
    return {
      line: box.line,
      status: box.status,
      text: after,
      ...taskFields(after),
      tags,
      ...(box.blockId !== undefined && { blockId: box.blockId }),
    };
  });
}

/** Every task's checkbox in the text, in line order. */
export function checkboxes(text: string, cache: CachedMetadata = parseMetadata(text)): Checkbox[] {
  const boxes: Checkbox[] = [];
  for (const item of cache.listItems ?? []) {
    const box = checkboxOf(text, item);
    if (box !== null) boxes.push(box);
  }
  return boxes;
}

function checkboxOf(text: string, item: ListItemCache): Checkbox | null {
  if (item.task === undefined) return null;
  const start = item.position.start.offset;
  const marker = MARKER_AND_BOX.exec(text.slice(start, start + 16));
  if (marker === null) return null;
  const newline = text.indexOf('\n', start);
  const end = newline === -1 ? text.length : newline;
  return {
    line: item.position.start.line,
    status: item.task,
    statusAt: start + marker[0].length,
    lineEnd: text.charCodeAt(end - 1) === 13 /* \r */ ? end - 1 : end,
    ...(item.id !== undefined && { blockId: item.id }),
  };
}
