/**
 * A VaultHost test double: a real host (a NodeHost in tests) with some members replaced. Every
 * other member is the real host's, bound to it, so the double reads and writes the real vault.
 * Each test builds its own; nothing global is patched. The same serves any object (a host's
 * answers with one of them replaced).
 */
import type { VaultHost } from '../vault-host.ts';

export function overrideHost<Real extends object = VaultHost>(
  host: Real,
  overrides: Partial<Real>,
): Real {
  return new Proxy(host, {
    get(target, property, receiver) {
      if (Object.hasOwn(overrides, property)) {
        return Reflect.get(overrides, property, receiver) as unknown;
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value.bind(target) as unknown) : value;
    },
  });
}
