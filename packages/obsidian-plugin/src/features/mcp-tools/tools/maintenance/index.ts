import type { Tool } from '../../define-tool.ts';

export const maintenanceTools: Tool[] = [];
