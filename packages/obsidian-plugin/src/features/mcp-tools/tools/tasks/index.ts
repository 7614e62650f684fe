/** The task tools; listing one here registers it. */
import type { Tool } from '../../define-tool.ts';
import { listTasks } from './list-tasks.ts';

export const taskTools: Tool[] = [listTasks];
