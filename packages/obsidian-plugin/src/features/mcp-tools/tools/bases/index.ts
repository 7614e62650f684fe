import type { Tool } from '../../define-tool.ts';
import { queryBase } from './query-base.ts';

/** Obsidian Bases (`.base` files). */
export const basesTools: Tool[] = [queryBase];
