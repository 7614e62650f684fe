import { getVaultFile } from './get-vault-file.ts';
import { listVaultFiles } from './list-vault-files.ts';

export const fileTools = [listVaultFiles, getVaultFile];
