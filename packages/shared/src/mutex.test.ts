import { expect, test } from 'bun:test';
import { Mutex } from './mutex.ts';

test('busy while a section runs or waits, idle once all queued so far have run', async () => {
  const mutex = new Mutex();
  expect(mutex.busy).toBe(false);
  let release = () => {};
  const running = new Promise<void>((started) => {
    void mutex.run(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
          started();
        }),
    );
  });
  const first = mutex.idle();
  const second = mutex.run(() => {
    throw new Error('fails alone');
  });
  expect(mutex.busy).toBe(true);
  const idle = mutex.idle();
  await running;
  release();
  await first;
  expect(
    await second.then(
      () => 'ran',
      (error: Error) => error.message,
    ),
  ).toBe('fails alone');
  await idle;
  expect(mutex.busy).toBe(false);
});
