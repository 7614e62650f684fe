import type { Tool } from '../../define-tool.ts';
import { searchVaultSmart } from './search-vault-smart.ts';

export const semanticTools: Tool[] = [searchVaultSmart];
