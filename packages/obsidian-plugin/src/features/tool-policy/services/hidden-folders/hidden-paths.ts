/**
 * Which vault paths a hidden-folders list covers: the folders themselves and everything inside,
 * compared ignoring case (a vault synced to macOS or Windows treats `Private` and `private` as
 * one folder, so hiding one hides both). Entries are normalised first (NFC, no stray slashes or
 * `.` segments), so `Private/`, `/Private`, `./Private` and Finder's NFD spelling hide `Private`.
 */
import { normalizeHiddenFolder } from '@mcp-connector/shared';

export class HiddenPaths {
  private readonly prefixes: string[];

  constructor(readonly folders: readonly string[]) {
    this.prefixes = folders
      .map(normalizeHiddenFolder)
      .filter((folder) => folder !== '')
      .map((folder) => folder.toLowerCase());
  }

  get isEmpty(): boolean {
    return this.prefixes.length === 0;
  }

  covers(path: string): boolean {
    if (this.prefixes.length === 0) return false; // every call of a vault-wide pass asks
    const lower = path.toLowerCase();
    return this.prefixes.some((prefix) => lower === prefix || lower.startsWith(`${prefix}/`));
  }

  /** Whether a hidden folder lies strictly inside `folder` (moving `folder` would carry it). */
  holdsHiddenInside(folder: string): boolean {
    const prefix = `${folder.toLowerCase()}/`;
    return this.prefixes.some((hidden) => hidden.startsWith(prefix));
  }

  /** A stable key for caching work done for one list. */
  get key(): string {
    return this.prefixes.join('\n');
  }
}
