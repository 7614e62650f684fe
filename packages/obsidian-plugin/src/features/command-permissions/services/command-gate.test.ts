import { afterEach, describe, expect, test } from 'bun:test';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SettingsStore } from '../../settings/index.ts';
import {
  FakeClock,
  ScriptedPrompt,
  memorySettings,
  settle,
  type ScriptedAnswer,
} from '../test-support/gate-doubles.ts';
import { PermissionGate, PROMPT_TIMEOUT_MS } from './command-gate.ts';
import { commandSettingsOf, type CommandSettings } from './decision-log.ts';

const GO_BACK = { id: 'app:go-back', name: 'Navigate back' };
const DELETE_FILE = { id: 'app:delete-file', name: 'Delete current file' };

function gateWith(
  settings: Partial<CommandSettings>,
  script: ScriptedAnswer[] = [],
  promptless = false,
) {
  const access = memorySettings(settings);
  const prompt = new ScriptedPrompt(script);
  const clock = new FakeClock();
  const gate = new PermissionGate({ settings: access, prompt: promptless ? null : prompt, clock });
  return { gate, prompt, clock, settings: access };
}

describe('the master switch', () => {
  test('off (the default) denies everything without asking, and logs it', async () => {
    const { gate, prompt, settings } = gateWith({ allowlist: [GO_BACK.id] }, ['allow_once']);
    const decision = await gate.decide(GO_BACK);
    expect(decision.allowed).toBe(false);
    expect(decision.reason).toContain('turn it on');
    expect(prompt.asked).toEqual([]);
    expect(settings.current().decisions).toEqual([
      {
        timestamp: '2026-03-01T12:00:00.000Z',
        commandId: GO_BACK.id,
        decision: 'denied',
        reason: decision.reason,
      },
    ]);
  });
});

describe('the allowlist', () => {
  test('a listed command runs without asking', async () => {
    const { gate, prompt } = gateWith({ enabled: true, allowlist: [GO_BACK.id] });
    expect(await gate.decide(GO_BACK)).toEqual({ allowed: true, reason: 'on the allowlist' });
    expect(prompt.asked).toEqual([]);
  });

  test('entries are exact ids: a wildcard matches nothing', async () => {
    const { gate, prompt } = gateWith({ enabled: true, allowlist: ['app:*', '*'] }, ['deny']);
    expect((await gate.decide(GO_BACK)).allowed).toBe(false);
    expect(prompt.asked.length).toBe(1);
  });

  test('a destructive-looking command on the allowlist runs without asking', async () => {
    const { gate, prompt } = gateWith({ enabled: true, allowlist: [DELETE_FILE.id] }, ['deny']);
    expect(await gate.decide(DELETE_FILE)).toEqual({ allowed: true, reason: 'on the allowlist' });
    expect(prompt.asked).toEqual([]);
  });
});

describe('asking the user', () => {
  test('allow once runs it this time only', async () => {
    const { gate, prompt, settings } = gateWith({ enabled: true }, ['allow_once', 'deny']);
    expect(await gate.decide(GO_BACK)).toEqual({
      allowed: true,
      reason: 'the user allowed it once',
    });
    expect(prompt.asked).toEqual([
      {
        commandId: GO_BACK.id,
        commandName: GO_BACK.name,
        destructive: false,
        timeoutMs: 30_000,
      },
    ]);
    expect(settings.current().allowlist).toEqual([]);
    expect(await gate.decide(GO_BACK)).toEqual({ allowed: false, reason: 'the user denied it' });
  });

  test('allow always adds the id to the allowlist; later calls do not ask', async () => {
    const { gate, prompt, settings } = gateWith({ enabled: true }, ['allow_always']);
    expect((await gate.decide(GO_BACK)).allowed).toBe(true);
    expect(settings.current().allowlist).toEqual([GO_BACK.id]);
    expect(await gate.decide(GO_BACK)).toEqual({ allowed: true, reason: 'on the allowlist' });
    expect(prompt.asked.length).toBe(1);
  });

  test('a destructive command can only be allowed once', async () => {
    const { gate, settings } = gateWith({ enabled: true }, ['allow_always']);
    expect(await gate.decide(DELETE_FILE)).toEqual({
      allowed: true,
      reason: 'the user allowed it once',
    });
    expect(settings.current().allowlist).toEqual([]);
  });

  test('no answer within 30 s denies and closes the prompt', async () => {
    const { gate, prompt, clock } = gateWith({ enabled: true }, ['never']);
    let settled = false;
    const pending = gate.decide(GO_BACK).finally(() => (settled = true));
    await settle();
    expect(prompt.asked.length).toBe(1);
    clock.advance(PROMPT_TIMEOUT_MS - 1);
    await settle();
    expect(settled).toBe(false);
    clock.advance(1);
    expect(await pending).toEqual({
      allowed: false,
      reason: 'the user did not answer within 30 s',
    });
    expect(prompt.closedByGate).toBe(1);
  });

  test('an answer cancels the timer', async () => {
    const { gate, clock } = gateWith({ enabled: true }, ['allow_once']);
    await gate.decide(GO_BACK);
    expect(clock.pendingTimers).toBe(0);
  });

  test('a prompt that fails denies', async () => {
    const { gate } = gateWith({ enabled: true }, ['throw']);
    expect(await gate.decide(GO_BACK)).toEqual({
      allowed: false,
      reason: 'the permission dialog could not be shown',
    });
  });

  test('without a prompt (headless) an unlisted command is denied', async () => {
    const { gate } = gateWith({ enabled: true }, [], true);
    expect((await gate.decide(GO_BACK)).reason).toContain('no one to ask');
  });

  test('one prompt at a time; a queued call sees the allowlist the first answer changed', async () => {
    const { gate, prompt } = gateWith({ enabled: true }, ['allow_always', 'deny']);
    const [first, second] = await Promise.all([gate.decide(GO_BACK), gate.decide(GO_BACK)]);
    expect(first?.reason).toContain('allowed it always');
    expect(second).toEqual({ allowed: true, reason: 'on the allowlist' });
    expect(prompt.asked.length).toBe(1);
  });
});

describe('the rate limit', () => {
  test('warns from the 30th call a minute, refuses beyond 100, recovers after a minute', async () => {
    const { gate, clock } = gateWith({ enabled: true, allowlist: [GO_BACK.id] });
    const decisions = [];
    for (let call = 1; call <= 101; call++) decisions.push(await gate.decide(GO_BACK));
    expect(decisions[28]).toEqual({ allowed: true, reason: 'on the allowlist' });
    expect(decisions[29]?.warning).toContain('30 command calls in the last minute');
    expect(decisions[99]?.allowed).toBe(true);
    expect(decisions[100]?.allowed).toBe(false);
    expect(decisions[100]?.reason).toContain('more than 100 command calls');
    clock.advance(60_000);
    expect(await gate.decide(GO_BACK)).toEqual({ allowed: true, reason: 'on the allowlist' });
  });

  test('the warning threshold is a setting, read at each call', async () => {
    const { gate, settings } = gateWith({
      enabled: true,
      allowlist: [GO_BACK.id],
      warnPerMinute: 3,
    });
    const decisions = [];
    for (let call = 1; call <= 3; call++) decisions.push(await gate.decide(GO_BACK));
    expect(decisions[1]?.warning).toBeUndefined();
    expect(decisions[2]?.warning).toContain('3 command calls in the last minute');
    await settings.update((current) => ({ ...current, warnPerMinute: 10 }));
    expect((await gate.decide(GO_BACK)).warning).toBeUndefined();
  });
});

describe('with the real settings store', () => {
  let folder: string;
  afterEach(() => rm(folder, { recursive: true, force: true }));

  test('allow always and the decision log land in data.json', async () => {
    folder = await mkdtemp(join(tmpdir(), 'command-gate-'));
    const store = await SettingsStore.open(join(folder, 'data.json'));
    await store.updateSlice('commands', (current) => ({ ...current, enabled: true }));
    const gate = new PermissionGate({
      settings: commandSettingsOf(store),
      prompt: new ScriptedPrompt(['allow_always']),
      clock: new FakeClock(),
    });
    await gate.decide(GO_BACK);
    const saved = JSON.parse(await readFile(join(folder, 'data.json'), 'utf8')) as {
      commands: CommandSettings;
    };
    expect(saved.commands.allowlist).toEqual([GO_BACK.id]);
    expect(saved.commands.decisions).toMatchObject([
      { commandId: GO_BACK.id, decision: 'allowed' },
    ]);
  });
});
