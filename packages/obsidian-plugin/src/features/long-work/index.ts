/**
 * long-work: tool calls as work that is visible, stoppable and bounded (ADR-0036). Each call
 * is an `Operation` in the connector's one `Operations` list: it reports how far it is
 * (throttled, for progress notifications, a task's status, the status bar and the terminal),
 * and is stopped through its signal, whose reason is the `cancelled` or `time_limit` ToolError
 * it fails with. The transport starts and ends the operations; tools only see the signal and
 * the progress reporter in their ToolContext.
 */
export {
  CALL_TIME_LIMIT_MS,
  Operation,
  PROGRESS_EVERY_MS,
  increasingProgress,
  type Progress,
  type StopCause,
} from './services/operation.ts';
export {
  Operations,
  SHOW_AFTER_MS,
  type CallStart,
  type OperationView,
  type OperationsOptions,
} from './services/operations.ts';
export { operationLine, operationsStatus, progressText } from './services/operation-lines.ts';
export {
  DEFAULT_TASK_TTL_MS,
  MAX_TASKS_PER_TOKEN,
  TASK_POLL_INTERVAL_MS,
  TaskStore,
  type TaskOutcome,
  type TaskView,
} from './services/task-store.ts';
