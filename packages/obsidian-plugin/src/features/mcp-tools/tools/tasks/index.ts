/** The task tools; listing one here registers it. */
import type { Tool } from '../../define-tool.ts';
import { listTasks } from './list-tasks.ts';
import { setTaskStatus } from './set-task-status.ts';

export const taskTools: Tool[] = [listTasks, setTaskStatus];
