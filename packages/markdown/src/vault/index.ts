/**
 * Obsidian's vault behaviour on text, shared by every host that is not Obsidian itself (NodeHost
 * over a folder, the simulated Obsidian in packages/obsidian-sim), so both run one engine:
 * the metadata cache and link graph (`VaultIndex`), link-aware renames, frontmatter edits,
 * links written as app.json's settings say, and app.json itself.
 */
export { DEFAULT_APP_SETTINGS, parseAppSettings, type AppSettings } from './app-settings.ts';
export {
  FrontmatterYamlError,
  editFrontMatter,
  type FrontMatterChange,
} from './frontmatter-edit.ts';
export {
  generateMarkdownLink,
  isNote,
  linktextFor,
  type LinkFormat,
  type LinkVault,
} from './markdown-link.ts';
export {
  renameWithReferences,
  type RenameReferences,
  type RenameVault,
} from './rename-references.ts';
export type { PackedMetadata, SectionSpan } from '../packed-metadata.ts';
export { packedFits, sectionSpan } from '../packed-metadata.ts';
export { FileTally, NEWEST_KEPT, type FileCounts, type NewestFile } from './file-tally.ts';
export {
  TagTally,
  bareTags,
  tagCountsAfter,
  withAncestors,
  type TagChange,
  type TagCount,
} from './tag-tally.ts';
export {
  VaultIndex,
  isIndexedText,
  noteLinkTexts,
  parseNote,
  type KnownLinkCounts,
  type LinkCounts,
  type NoteBefore,
} from './vault-index.ts';
