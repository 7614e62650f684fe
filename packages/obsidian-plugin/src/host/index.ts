export type {
  CommandAccess,
  DataviewAccess,
  DataviewQueryResult,
  TemplaterAccess,
  VaultIntegrations,
  MomentFactory,
  FileStat,
  HostKind,
  NoteText,
  VaultFile,
  LinkCounts,
  RenameOptions,
  VaultEvent,
  VaultFileManager,
  VaultFiles,
  VaultFolder,
  VaultAnswers,
  VaultHost,
  VaultMetadata,
  VaultWorkspace,
} from './vault-host.ts';
export {
  ComputedAnswers,
  computedAnswers,
  releaseComputedAnswers,
} from './answers/computed-answers.ts';
export {
  byCodeUnits,
  byFolderEntry,
  byName,
  normalizeFolderPath,
  normalizeVaultPath,
  parentFolder,
  splitFileName,
} from './vault-path.ts';
export { ALWAYS_INDEXED, type IndexStatus, type VaultIndexing } from './index-status.ts';
export { invalidFrontmatter, missingEntry, missingFile } from './host-errors.ts';
export { decodeForEdit, type DecodedNote } from './note-encoding.ts';
export { withoutPaths } from './thrown-failure.ts';
