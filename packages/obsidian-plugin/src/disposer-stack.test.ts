import { describe, expect, test } from 'bun:test';
import { DisposerStack } from './disposer-stack.ts';

describe('DisposerStack', () => {
  test('releases in reverse order, each once', async () => {
    const stack = new DisposerStack();
    const released: string[] = [];
    for (const name of ['settings', 'policy', 'transport'])
      stack.defer(() => void released.push(name));
    await stack.dispose();
    await stack.dispose();
    expect(released).toEqual(['transport', 'policy', 'settings']);
  });

  test('a failing release does not stop the others, and its error is thrown after them', async () => {
    const stack = new DisposerStack();
    const released: string[] = [];
    stack.defer(() => void released.push('first'));
    stack.defer(async () => {
      throw new Error('policy would not close');
    });
    stack.defer(() => void released.push('last'));
    let thrown: unknown = null;
    await stack.dispose().catch((error: unknown) => (thrown = error));
    expect(released).toEqual(['last', 'first']);
    expect((thrown as Error).message).toBe('policy would not close');
  });

  test('several failing releases are thrown together', async () => {
    const stack = new DisposerStack();
    stack.defer(() => {
      throw new Error('a');
    });
    stack.defer(() => {
      throw new Error('b');
    });
    let thrown: unknown = null;
    await stack.dispose().catch((error: unknown) => (thrown = error));
    expect(thrown).toBeInstanceOf(AggregateError);
    expect((thrown as AggregateError).errors.map((error: Error) => error.message)).toEqual([
      'b',
      'a',
    ]);
  });
});
