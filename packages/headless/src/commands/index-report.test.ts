import { describe, expect, test } from 'bun:test';
import { IndexProgress } from '../node-host/index-progress.ts';
import { reportIndexing } from './index-report.ts';

/** An output that records what was written, and settles once a line ends. */
function recorder(isTTY: boolean) {
  const written: string[] = [];
  let lineEnded: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => (lineEnded = resolve));
  return {
    output: {
      isTTY,
      write(text: string) {
        written.push(text);
        if (text.endsWith('\n')) lineEnded();
      },
    },
    written,
    ended,
  };
}

describe('reportIndexing', () => {
  test('one line once the index is ready, naming the notes taken from the cache', async () => {
    const progress = new IndexProgress();
    const { output, written, ended } = recorder(false);
    reportIndexing(progress, output);
    progress.startIndexing(3);
    for (const cached of [true, true, false]) progress.noteDone(cached);
    progress.finish();
    await ended;
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^Vault indexed: 3 notes in \d+\.\d s \(2 from the cache\)\.\n$/);
  });

  test('on a TTY the line is cleared first; a failure says why', async () => {
    const progress = new IndexProgress();
    const { output, written, ended } = recorder(true);
    reportIndexing(progress, output);
    progress.finish(new Error('permission denied'));
    await ended;
    expect(written.at(-1)).toBe('\r\x1b[KThe vault could not be indexed: permission denied\n');
  });
});
