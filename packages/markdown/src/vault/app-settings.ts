/**
 * The settings of the config folder's app.json that change how the file manager behaves, with Obsidian's
 * defaults for anything missing or malformed (each key on its own). Read on each use, so edits
 * made in Obsidian or by hand apply without a restart.
 */

export interface AppSettings {
  /** Rewrite links when a file is renamed (Obsidian: "Automatically update internal links"). */
  alwaysUpdateLinks: boolean;
  /** Write `[text](path)` links instead of `[[wikilinks]]`. */
  useMarkdownLinks: boolean;
  /** How new links name their target: the shortest unambiguous name, relative, or absolute. */
  newLinkFormat: 'shortest' | 'relative' | 'absolute';
  /** Where deleted files go: the system trash, the vault's .trash folder, or nowhere. */
  trashOption: 'system' | 'local' | 'none';
}

export const DEFAULT_APP_SETTINGS: AppSettings = {
  alwaysUpdateLinks: true,
  useMarkdownLinks: false,
  newLinkFormat: 'shortest',
  trashOption: 'system',
};

export function parseAppSettings(text: string | null): AppSettings {
  const raw = parseObject(text);
  return {
    alwaysUpdateLinks: pick(
      raw.alwaysUpdateLinks,
      [true, false],
      DEFAULT_APP_SETTINGS.alwaysUpdateLinks,
    ),
    useMarkdownLinks: pick(
      raw.useMarkdownLinks,
      [true, false],
      DEFAULT_APP_SETTINGS.useMarkdownLinks,
    ),
    newLinkFormat: pick(
      raw.newLinkFormat,
      ['shortest', 'relative', 'absolute'],
      DEFAULT_APP_SETTINGS.newLinkFormat,
    ),
    trashOption: pick(
      raw.trashOption,
      ['system', 'local', 'none'],
      DEFAULT_APP_SETTINGS.trashOption,
    ),
  };
}

function parseObject(text: string | null): Record<string, unknown> {
  if (text === null) return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function pick<T>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}
