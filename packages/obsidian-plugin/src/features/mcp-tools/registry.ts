/**
 * The one global tool registry: a plain list. Registering a tool is one line here. Tokens never
 * change this list; each resolves a scope over it.
 */
import type { Tool } from './define-tool.ts';
import { getServerInfo } from './tools/get-server-info.ts';
import { getVaultFile } from './tools/get-vault-file.ts';
import { listVaultFiles } from './tools/list-vault-files.ts';

export const allTools: readonly Tool[] = [getServerInfo, listVaultFiles, getVaultFile];
