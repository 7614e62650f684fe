import type { Tool } from '../../define-tool.ts';
import { findBrokenLinks } from './find-broken-links.ts';
import { findOrphanedNotes } from './find-orphaned-notes.ts';
import { renameHeading } from './rename-heading.ts';
import { renameTag } from './rename-tag.ts';
import { searchAndReplace } from './search-and-replace.ts';

export const maintenanceTools: Tool[] = [
  findBrokenLinks,
  findOrphanedNotes,
  searchAndReplace,
  renameHeading,
  renameTag,
];
