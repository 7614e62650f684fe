/**
 * Test doubles for the command gate: an in-memory settings slice, a clock whose time and timers
 * move only when the test says so, and a prompt that answers from a script ('never' waits until
 * the gate gives up, like a user who walked away).
 */
import { defaultSettings } from '@mcp-connector/shared';
import type { CommandSettings, CommandSettingsAccess } from '../services/decision-log.ts';
import type {
  GateClock,
  PermissionAnswer,
  PermissionPrompt,
  PermissionRequest,
} from '../services/permission-prompt.ts';

export function memorySettings(initial: Partial<CommandSettings> = {}): CommandSettingsAccess {
  let settings: CommandSettings = { ...defaultSettings().commands, ...initial };
  return {
    current: () => settings,
    update: async (change) => (settings = change(settings)),
  };
}

interface FakeTimer {
  at: number;
  callback: () => void;
  active: boolean;
}

export class FakeClock implements GateClock {
  private timers: FakeTimer[] = [];

  constructor(private time = Date.parse('2026-03-01T12:00:00.000Z')) {}

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, ms: number): () => void {
    const timer = { at: this.time + ms, callback, active: true };
    this.timers.push(timer);
    return () => {
      timer.active = false;
    };
  }

  advance(ms: number): void {
    this.time += ms;
    for (const timer of this.timers) {
      if (timer.active && timer.at <= this.time) {
        timer.active = false;
        timer.callback();
      }
    }
    this.timers = this.timers.filter((timer) => timer.active);
  }

  get pendingTimers(): number {
    return this.timers.filter((timer) => timer.active).length;
  }
}

export type ScriptedAnswer = PermissionAnswer | 'never' | 'throw';

export class ScriptedPrompt implements PermissionPrompt {
  readonly asked: PermissionRequest[] = [];
  /** How many prompts the gate closed by aborting (it stopped waiting). */
  closedByGate = 0;

  constructor(readonly script: ScriptedAnswer[] = []) {}

  async ask(request: PermissionRequest, signal: AbortSignal): Promise<PermissionAnswer> {
    this.asked.push(request);
    const answer = this.script.shift() ?? 'deny';
    if (answer === 'throw') throw new Error('no workspace');
    signal.addEventListener('abort', () => this.closedByGate++, { once: true });
    if (answer !== 'never') return answer;
    return new Promise(() => undefined);
  }
}

/** Lets pending promise callbacks run (the gate awaits a few before it asks). */
export function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
