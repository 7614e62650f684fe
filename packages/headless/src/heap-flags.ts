/**
 * V8's heap tuned for a long-running server whose heap is mostly data it keeps (ADR-0048): the
 * old generation grows by a tenth past what is live after each full collection, where V8 picks
 * up to four times for a fast mutator: at 10,000 notes the settled RSS went from 228-262 to
 * 205-210 MiB, searches as fast. `--optimize-for-size` gave 165 MiB but took twice the CPU per
 * search. Set before anything else loads; Bun (JavaScriptCore) has no such flags.
 */
import { setFlagsFromString } from 'node:v8';

export const HEAP_FLAGS = ['--heap-growing-percent=10'];

/** Whether this process runs on Bun rather than Node (or Electron's Node). */
export const ON_BUN = (globalThis as { Bun?: unknown }).Bun !== undefined;

/**
 * Flags only `node`'s command line can give: V8 sizes the young generation when it makes the
 * heap, too early for `setFlagsFromString`. Semi-spaces of 8 MB instead of 16 took 14-24 MiB off
 * a settled server at 10,000 notes with searches as fast; 4 MB took more but made searches up to
 * a third slower (ADR-0058). Given to the servers this CLI spawns under Node.
 */
export const NODE_COMMAND_LINE_FLAGS = ['--max-semi-space-size=8'];

if (!ON_BUN) for (const flag of HEAP_FLAGS) setFlagsFromString(flag);
