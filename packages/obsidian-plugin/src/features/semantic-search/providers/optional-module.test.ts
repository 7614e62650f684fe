import { describe, expect, test } from 'bun:test';
import { loadOptionalModule } from './optional-module.ts';

const refusal = (loader?: () => Promise<unknown>) =>
  loadOptionalModule('@example/absent', 'The test provider', loader).then(
    () => '',
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );

describe('loadOptionalModule', () => {
  test('a package that is not there: named, with the next step, and no path of the machine', async () => {
    const message = await refusal(); // the real import(), of a package nobody publishes
    expect(message).toContain('needs the @example/absent package');
    expect(message).toContain('it is not installed');
    expect(message).toContain('choose another semantic provider');
    expect(message).not.toMatch(/[\\/]\w+[\\/]/);
  });

  test('a package that fails while loading says so, without its message', async () => {
    const message = await refusal(() =>
      Promise.reject(new Error('broken at /home/someone/vault/node_modules/x/index.js')),
    );
    expect(message).toContain('it failed to load');
    expect(message).not.toContain('/home/someone');
  });

  test('a package that loads is returned', async () => {
    const module = { embed: true };
    expect(
      await loadOptionalModule('@example/here', 'The test provider', () => Promise.resolve(module)),
    ).toBe(module);
  });
});
