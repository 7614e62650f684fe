import { describe, expect, test } from 'bun:test';
import { Writable } from 'node:stream';
import { PLAIN_EVERY_MS, progressLine } from './progress-line.ts';

function stream(isTTY: boolean): Writable & { isTTY: boolean; text: () => string } {
  let text = '';
  const writable = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString('utf8');
      done();
    },
  });
  return Object.assign(writable, { isTTY, text: () => text });
}

describe('progressLine', () => {
  test('on a terminal, work in progress is one line rewritten in place, then cleared', () => {
    const terminal = stream(true);
    const progress = progressLine(terminal);
    progress.update('Reading the vault: 1 of 9 notes');
    progress.print('Semantic index ready.');
    expect(terminal.text()).toBe(
      '\r\x1b[2KReading the vault: 1 of 9 notes\r\x1b[2KSemantic index ready.\n',
    );
  });

  test('off a terminal, work in progress is a plain line every 10 s, and the lines that stay', () => {
    const log = stream(false);
    const clock = { now: 0 };
    const progress = progressLine(log, () => clock.now);
    progress.update('Semantic index: 1 of 9 notes');
    clock.now = PLAIN_EVERY_MS - 1;
    progress.update('Semantic index: 2 of 9 notes');
    clock.now = PLAIN_EVERY_MS;
    progress.update('Semantic index: 3 of 9 notes');
    progress.clear();
    progress.print('Semantic index ready.');
    expect(log.text()).toBe(
      'Semantic index: 1 of 9 notes\nSemantic index: 3 of 9 notes\nSemantic index ready.\n',
    );
  });
});
