import type { Tool } from '../../define-tool.ts';

export const semanticTools: Tool[] = [];
