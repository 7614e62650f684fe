import type { Tool } from '../../define-tool.ts';
import { fetchTool } from './fetch.ts';

export const webTools: Tool[] = [fetchTool];
