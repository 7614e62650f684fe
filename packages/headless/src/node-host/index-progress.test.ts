/** A failed build's reason, as clients read it (index-progress.ts): no path of the machine. */
import { expect, test } from 'bun:test';
import { IndexProgress } from './index-progress.ts';

test('a failed build names its reason without the absolute path the error carried', async () => {
  const progress = new IndexProgress();
  progress.finish(new Error("EACCES: permission denied, scandir '/home/someone/Vault/Private'"));
  expect(
    await progress.ready().then(
      () => 'ready',
      (error: Error) => error.message,
    ),
  ).toContain('EACCES');
  const status = progress.status();
  expect(status.state).toBe('failed');
  expect(status.error).toContain('EACCES: permission denied');
  expect(status.error).not.toContain('/home/someone');
});
