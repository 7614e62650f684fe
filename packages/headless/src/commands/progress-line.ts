/**
 * A progress line for long work (the start-up scan of a big vault, a semantic index build): on a
 * terminal one line on stderr rewritten in place, at most every 100 ms; off a terminal (a log,
 * a client reading stderr) only the lines that say something new, so logs stay short.
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

export function progressLine(
  stream: Writable & { isTTY?: boolean } = process.stderr,
): ProgressLine {
  const terminal = stream.isTTY === true;
  let shown = false;
  let lastDraw = 0;
  const clear = () => {
    if (shown) stream.write('\r\x1b[2K');
    shown = false;
  };
  return {
    update(text) {
      if (!terminal) return;
      const now = Date.now();
      if (shown && now - lastDraw < REFRESH_MS) return;
      lastDraw = now;
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
