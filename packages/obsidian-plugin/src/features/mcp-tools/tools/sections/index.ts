import { getVaultFilePartial } from './get-vault-file-partial.ts';
import { patchActiveFile } from './patch-active-file.ts';
import { patchVaultFile } from './patch-vault-file.ts';

export const sectionTools = [getVaultFilePartial, patchVaultFile, patchActiveFile];
