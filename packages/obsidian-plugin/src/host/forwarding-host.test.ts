import { expect, test } from 'bun:test';
import { ForwardingHost } from './forwarding-host.ts';
import type { IndexedVault, VaultHost } from './vault-host.ts';

test("a forwarding host gives the inner host's maintained answers, or none", () => {
  const answers = { sortedNotes: () => ['a.md'] } as unknown as IndexedVault;
  const indexedHost = { indexed: () => answers } as unknown as VaultHost;
  expect(new ForwardingHost(indexedHost).indexed()).toBe(answers);
  expect(new ForwardingHost({} as VaultHost).indexed()).toBeNull();
});
