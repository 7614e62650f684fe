/**
 * The small seams the command gate is built on, so it is unit-tested without Obsidian and without
 * real waits: the question it asks the user (`PermissionPrompt`, an Obsidian modal in the plugin)
 * and the clock it measures time with (`GateClock`).
 */
import { clearTimeout, setTimeout } from 'node:timers';

/** What the user is asked about. */
export interface PermissionRequest {
  commandId: string;
  commandName: string;
  /** The id or name looks destructive: the modal warns, and only "Allow once" is offered. */
  destructive: boolean;
  /** How long the user has to answer before the gate denies. */
  timeoutMs: number;
}

export type PermissionAnswer = 'deny' | 'allow_once' | 'allow_always';

export interface PermissionPrompt {
  /**
   * Asks the user and resolves with the answer; closing the prompt without answering is 'deny'.
   * When `signal` aborts (the gate stopped waiting), the prompt closes itself.
   */
  ask(request: PermissionRequest, signal: AbortSignal): Promise<PermissionAnswer>;
}

export interface GateClock {
  now(): number;
  /** Calls `callback` after `ms`; returns the function that cancels it. */
  setTimeout(callback: () => void, ms: number): () => void;
}

export const systemClock: GateClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    return () => clearTimeout(handle);
  },
};
