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

if (!ON_BUN) for (const flag of HEAP_FLAGS) setFlagsFromString(flag);
