/**
 * The command gate: whether an Obsidian command may run. In order:
 * - the master switch (`commands.enabled`, off by default): off denies everything, asking no one;
 * - the rate limit: beyond 100 calls a minute a call is denied; from the user's warning threshold
 *   on (`commands.warnPerMinute`, 30 by default), allowed or not, the answer carries a warning;
 * - the allowlist (exact ids): a listed command runs, destructive-looking or not (the user put it
 *   there: the warning is a nudge in the modal, not a gate);
 * - otherwise the user is asked (one prompt at a time) and the gate waits up to 30 s, denying on
 *   timeout. "Allow always" adds the id to the allowlist; a destructive-looking command can only
 *   be allowed once from the modal.
 * Every decision is appended to the slice's log (the last 50).
 */
import { Mutex } from '@mcp-connector/shared';
import type { CommandGate, CommandRequest } from '../../mcp-tools/index.ts';
import {
  withAllowed,
  withDecision,
  type CommandDecision,
  type CommandSettingsAccess,
} from './decision-log.ts';
import { looksDestructive } from './destructive-commands.ts';
import {
  systemClock,
  type GateClock,
  type PermissionAnswer,
  type PermissionPrompt,
  type PermissionRequest,
} from './permission-prompt.ts';
import { HARD_LIMIT, RateWindow } from './rate-window.ts';

export const PROMPT_TIMEOUT_MS = 30_000;

export interface CommandGateOptions {
  settings: CommandSettingsAccess;
  /** Who to ask about commands off the allowlist; null (headless) denies them. */
  prompt: PermissionPrompt | null;
  clock?: GateClock;
}

export interface GateDecision {
  allowed: boolean;
  reason: string;
  /** Set from the `warnPerMinute`-th call in a minute on. */
  warning?: string;
}

type Verdict = Omit<GateDecision, 'warning'>;

const DISABLED =
  "running Obsidian commands is off; the user can turn it on in Local MCP Server's settings";

export class PermissionGate implements CommandGate {
  private readonly clock: GateClock;
  private readonly rate = new RateWindow();
  /** One prompt at a time: two stacked modals would invite answering the wrong one. */
  private readonly promptLock = new Mutex();

  constructor(private readonly options: CommandGateOptions) {
    this.clock = options.clock ?? systemClock;
  }

  async decide(command: CommandRequest): Promise<GateDecision> {
    if (!this.settings.current().enabled) return this.record(command, denied(DISABLED));
    const calls = this.rate.hit(this.clock.now());
    if (calls > HARD_LIMIT) {
      const reason = `more than ${HARD_LIMIT} command calls in the last minute; wait a minute`;
      return this.record(command, denied(reason));
    }
    const destructive = looksDestructive(command);
    const verdict = this.isAllowlisted(command)
      ? allowed('on the allowlist')
      : await this.promptLock.run(() => this.ask(command, destructive));
    await this.record(command, verdict);
    const warnFrom = this.settings.current().warnPerMinute;
    return calls >= warnFrom ? { ...verdict, warning: rateWarning(calls) } : verdict;
  }

  private get settings(): CommandSettingsAccess {
    return this.options.settings;
  }

  private isAllowlisted(command: CommandRequest): boolean {
    return this.settings.current().allowlist.includes(command.id);
  }

  /** Under the prompt lock: the switch and the allowlist are read again, they may have changed. */
  private async ask(command: CommandRequest, destructive: boolean): Promise<Verdict> {
    if (!this.settings.current().enabled) return denied(DISABLED);
    if (this.isAllowlisted(command)) return allowed('on the allowlist');
    const prompt = this.options.prompt;
    if (prompt === null) return denied('not on the allowlist, and there is no one to ask here');
    const request = {
      commandId: command.id,
      commandName: command.name,
      destructive,
      timeoutMs: PROMPT_TIMEOUT_MS,
    };
    return this.applyAnswer(
      await askWithTimeout(prompt, request, this.clock),
      command,
      destructive,
    );
  }

  private async applyAnswer(
    answer: PermissionAnswer | 'timeout' | 'failed',
    command: CommandRequest,
    destructive: boolean,
  ): Promise<Verdict> {
    if (answer === 'timeout')
      return denied(`the user did not answer within ${PROMPT_TIMEOUT_MS / 1000} s`);
    if (answer === 'failed') return denied('the permission dialog could not be shown');
    if (answer === 'deny') return denied('the user denied it');
    if (answer === 'allow_once' || destructive) return allowed('the user allowed it once');
    await this.settings.update((current) => withAllowed(current, command.id));
    return allowed('the user allowed it always; it is now on the allowlist');
  }

  private async record(command: CommandRequest, verdict: Verdict): Promise<Verdict> {
    const entry: CommandDecision = {
      timestamp: new Date(this.clock.now()).toISOString(),
      commandId: command.id,
      decision: verdict.allowed ? 'allowed' : 'denied',
      reason: verdict.reason,
    };
    await this.settings.update((current) => withDecision(current, entry));
    return verdict;
  }
}

/** The user's answer, 'timeout' when none came in time, 'failed' when the prompt broke. */
async function askWithTimeout(
  prompt: PermissionPrompt,
  request: PermissionRequest,
  clock: GateClock,
): Promise<PermissionAnswer | 'timeout' | 'failed'> {
  const stop = new AbortController();
  let cancelTimer = (): void => undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    cancelTimer = clock.setTimeout(() => resolve('timeout'), request.timeoutMs);
  });
  try {
    return await Promise.race([prompt.ask(request, stop.signal), timeout]);
  } catch {
    return 'failed';
  } finally {
    cancelTimer();
    stop.abort();
  }
}

function rateWarning(calls: number): string {
  return `${calls} command calls in the last minute; beyond ${HARD_LIMIT} a minute they are refused.`;
}

function allowed(reason: string): Verdict {
  return { allowed: true, reason };
}

function denied(reason: string): Verdict {
  return { allowed: false, reason };
}
