import type { Tool } from '../../define-tool.ts';
import { findLinkPath } from './find-link-path.ts';
import { getBacklinks } from './get-backlinks.ts';
import { getFilesByTag } from './get-files-by-tag.ts';
import { getNoteNeighbors } from './get-note-neighbors.ts';
import { getNoteOutline } from './get-note-outline.ts';
import { getOutgoingLinks } from './get-outgoing-links.ts';
import { getRecentFiles } from './get-recent-files.ts';
import { getVaultOverview } from './get-vault-overview.ts';
import { listBookmarks } from './list-bookmarks.ts';
import { listTags } from './list-tags.ts';

export const structureTools: Tool[] = [
  getVaultOverview,
  getNoteOutline,
  listTags,
  getFilesByTag,
  getRecentFiles,
  getOutgoingLinks,
  getBacklinks,
  listBookmarks,
  // the link graph beyond one hop
  getNoteNeighbors,
  findLinkPath,
];
