import type { Tool } from '../../define-tool.ts';

export const structureTools: Tool[] = [];
