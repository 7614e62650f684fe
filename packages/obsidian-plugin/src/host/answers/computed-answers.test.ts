import { afterEach, expect, test } from 'bun:test';
import { overrideHost } from '../test-support/host-double.ts';
import { openTestHost, type TestHost } from '../test-support/test-host.ts';
import type { VaultEvent } from '../vault-host.ts';
import { computedAnswers, releaseComputedAnswers } from './computed-answers.ts';

let vault: TestHost;
afterEach(async () => {
  await vault.close();
});

test('one instance per host until released; its texts follow the events until then', async () => {
  vault = await openTestHost({ 'n.md': 'text' });
  const listeners: ((event: VaultEvent) => void)[] = [];
  const host = overrideHost(vault.host, {
    onEvent: (listener: (event: VaultEvent) => void) => {
      listeners.push(listener);
      const unsubscribe = vault.host.onEvent(listener);
      return () => {
        listeners.splice(listeners.indexOf(listener), 1);
        unsubscribe();
      };
    },
  });
  const first = computedAnswers(host);
  expect(computedAnswers(host)).toBe(first);
  expect(listeners.length).toBe(0); // nothing read yet, nothing followed
  expect(await first.noteTexts()).toMatchObject([{ path: 'n.md', text: 'text' }]);
  expect(listeners.length).toBe(1);
  releaseComputedAnswers(host);
  expect(listeners.length).toBe(0);
  expect(computedAnswers(host)).not.toBe(first);
  releaseComputedAnswers(host);
});
