/**
 * This device's token secrets (ADR-0033): the one place out-of-Obsidian programs (the stdio shim,
 * the Python bridge, the CLI) find a token's secret, in the vault's device home with mode 0600,
 * its folder 0700. data.json keeps only each secret's hash. Changed under a lock file (like
 * data.json) and written atomically. Where Obsidian offers a secret store (1.11.4+), each change
 * is also mirrored there; the file stays the source.
 */
import { readDeviceSecrets, writeFileAtomic } from '@mcp-connector/shared';
import { chmod, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { withFileLock } from './file-lock.ts';

/** Somewhere else a secret is kept as well (Obsidian's secret storage). */
export interface SecretMirror {
  set(tokenId: string, secret: string): void;
  remove(tokenId: string): void;
}

export class DeviceSecrets {
  constructor(
    readonly path: string,
    private readonly mirror: SecretMirror | null = null,
  ) {}

  /** The token's secret on this device, or null (created on another device, or never). */
  get(tokenId: string): string | null {
    return readDeviceSecrets(this.path)[tokenId] ?? null;
  }

  all(): Record<string, string> {
    return readDeviceSecrets(this.path);
  }

  /** Adds or replaces secrets; a secret already kept is rewritten only when it differs. */
  set(secrets: Record<string, string>): Promise<void> {
    return this.update((current) => ({ ...current, ...secrets }));
  }

  remove(tokenIds: readonly string[]): Promise<void> {
    const gone = new Set(tokenIds);
    return this.update((current) =>
      Object.fromEntries(Object.entries(current).filter(([id]) => !gone.has(id))),
    );
  }

  /** Forgets the secrets of tokens that no longer exist (revoked, here or on another device). */
  keepOnly(tokenIds: readonly string[]): Promise<void> {
    const keep = new Set(tokenIds);
    return this.remove(Object.keys(this.all()).filter((id) => !keep.has(id)));
  }

  private async update(change: (current: Record<string, string>) => Record<string, string>) {
    const before = this.all();
    const unchanged = (next: Record<string, string>) =>
      JSON.stringify(Object.entries(next).sort()) === JSON.stringify(Object.entries(before).sort());
    if (unchanged(change(before))) return;
    await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
    await withFileLock(`${this.path}.lock`, async () => {
      const current = this.all();
      const next = change(current);
      const text = `${JSON.stringify({ version: 1, tokens: next }, null, 2)}\n`;
      await writeFileAtomic(this.path, text, undefined, 0o600);
      await chmod(this.path, 0o600).catch(() => undefined); // Windows: no POSIX modes
      this.mirrorChanges(current, next);
    });
  }

  private mirrorChanges(before: Record<string, string>, after: Record<string, string>): void {
    if (this.mirror === null) return;
    for (const [id, secret] of Object.entries(after))
      if (before[id] !== secret) this.mirror.set(id, secret);
    for (const id of Object.keys(before)) if (!(id in after)) this.mirror.remove(id);
  }
}
