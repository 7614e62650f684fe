import { expect, test } from 'bun:test';
import { ForwardingHost } from './forwarding-host.ts';
import type { VaultAnswers, VaultHost } from './vault-host.ts';

test("a forwarding host gives the inner host's answers", () => {
  const answers = { sortedNotes: () => ['a.md'] } as unknown as VaultAnswers;
  const inner = { answers: () => answers } as unknown as VaultHost;
  expect(new ForwardingHost(inner).answers()).toBe(answers);
});
