/**
 * A progress line for long work (the start-up scan of a big vault, a semantic index build, an
 * agent's long call): on a terminal one line on stderr rewritten in place, at most every 100 ms;
 * off a terminal (a log, a client reading stderr) a plain line at most every 10 s, and the lines
 * that stay, so a log shows the work moving without growing a line per note.
 */
import type { Writable } from 'node:stream';

export interface ProgressLine {
  /** Work in progress: rewritten in place on a terminal, dropped elsewhere. */
  update(text: string): void;
  /** A line that stays (the end of a phase, a status change). */
  print(text: string): void;
  /** Clears the line in progress, if any. */
  clear(): void;
}

const REFRESH_MS = 100;
/** Off a terminal, work in progress is a line of its own at most this often. */
export const PLAIN_EVERY_MS = 10_000;

export function progressLine(
  stream: Writable & { isTTY?: boolean } = process.stderr,
  now: () => number = Date.now,
): ProgressLine {
  const terminal = stream.isTTY === true;
  let shown = false;
  let lastDraw = 0;
  let lastPlain = -Infinity;
  const clear = () => {
    if (shown) stream.write('\r\x1b[2K');
    shown = false;
  };
  return {
    update(text) {
      const at = now();
      if (!terminal) {
        if (at - lastPlain < PLAIN_EVERY_MS) return;
        lastPlain = at;
        stream.write(`${text}\n`);
        return;
      }
      if (shown && at - lastDraw < REFRESH_MS) return;
      lastDraw = at;
      stream.write(`\r\x1b[2K${text}`);
      shown = true;
    },
    print(text) {
      clear();
      stream.write(`${text}\n`);
    },
    clear,
  };
}
