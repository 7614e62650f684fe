import { describe, expect, test } from 'bun:test';
import { defaultSettings } from '@mcp-connector/shared';
import { decisionsToCsv, withAllowed, withDecision, type CommandDecision } from './decision-log.ts';

const decision = (commandId: string, reason: string): CommandDecision => ({
  timestamp: '2026-01-02T03:04:05.000Z',
  commandId,
  decision: 'denied',
  reason,
});

describe('decisionsToCsv', () => {
  test('writes a header and CRLF-terminated rows', () => {
    expect(decisionsToCsv([decision('app:go-back', 'on the allowlist')])).toBe(
      'timestamp,commandId,decision,reason\r\n' +
        '2026-01-02T03:04:05.000Z,app:go-back,denied,on the allowlist\r\n',
    );
  });

  test('quotes fields with commas, quotes and line breaks, doubling the quotes', () => {
    const csv = decisionsToCsv([
      decision('a,b', 'said "no"'),
      decision('c', 'line one\nline two'),
      decision('d', 'cr\rhere'),
    ]);
    expect(csv.split('\r\n').slice(1)).toEqual([
      '2026-01-02T03:04:05.000Z,"a,b",denied,"said ""no"""',
      '2026-01-02T03:04:05.000Z,c,denied,"line one\nline two"',
      '2026-01-02T03:04:05.000Z,d,denied,"cr\rhere"',
      '',
    ]);
  });

  test('an empty log is the header alone', () => {
    expect(decisionsToCsv([])).toBe('timestamp,commandId,decision,reason\r\n');
  });
});

test('withDecision keeps the last 50 decisions', () => {
  let settings = defaultSettings().commands;
  for (let index = 0; index < 60; index++)
    settings = withDecision(settings, decision(`c${index}`, 'r'));
  expect(settings.decisions.length).toBe(50);
  expect(settings.decisions[0]?.commandId).toBe('c10');
  expect(settings.decisions.at(-1)?.commandId).toBe('c59');
});

test('withAllowed adds an id once', () => {
  const once = withAllowed(defaultSettings().commands, 'app:go-back');
  expect(once.allowlist).toEqual(['app:go-back']);
  expect(withAllowed(once, 'app:go-back')).toBe(once);
});
