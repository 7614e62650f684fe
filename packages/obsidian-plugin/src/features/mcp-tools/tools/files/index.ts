import { appendToVaultFile } from './append-to-vault-file.ts';
import { createVaultBinaryFile } from './create-vault-binary-file.ts';
import { createVaultDirectory } from './create-vault-directory.ts';
import { createVaultFile } from './create-vault-file.ts';
import { deleteVaultDirectory } from './delete-vault-directory.ts';
import { deleteVaultFile } from './delete-vault-file.ts';
import { editVaultFiles } from './edit-vault-files.ts';
import { getVaultFile } from './get-vault-file.ts';
import { getVaultFiles } from './get-vault-files.ts';
import { listVaultFiles } from './list-vault-files.ts';
import { renameVaultFile } from './rename-vault-file.ts';
import { replaceInVaultFile } from './replace-in-vault-file.ts';

export const fileTools = [
  getVaultFile,
  getVaultFiles,
  listVaultFiles,
  createVaultFile,
  createVaultBinaryFile,
  appendToVaultFile,
  replaceInVaultFile,
  createVaultDirectory,
  renameVaultFile,
  deleteVaultFile,
  deleteVaultDirectory,
  editVaultFiles,
];
