/**
 * Which notes are prompts: a Markdown note directly inside the vault-root `Prompts/` folder (not
 * a subfolder), tagged `mcp-tools-prompt` in any way Obsidian's `getAllTags` reports (frontmatter
 * `tags` with or without `#`, or an inline `#mcp-tools-prompt`; case ignored, as Obsidian does).
 * A prompt's name is its note's basename, verbatim: names are unique because they share one
 * folder. Its description is the frontmatter `description`.
 *
 * Invariant: everything comes from the host the caller passes, so a hidden `Prompts/` folder
 * (the hidden-folders guard) simply has no prompts.
 */
import type { VaultFile, VaultHost } from '../../../host/vault-host.ts';

export const PROMPTS_FOLDER = 'Prompts';
export const PROMPT_TAG = 'mcp-tools-prompt';

export interface PromptNote {
  name: string;
  path: string;
  description?: string;
}

/** Whether `path` is a Markdown note directly inside `Prompts/` (tags not checked). */
export function isPromptPath(path: string): boolean {
  const prefix = `${PROMPTS_FOLDER}/`;
  return path.startsWith(prefix) && !path.includes('/', prefix.length) && path.endsWith('.md');
}

/** Whether an event on `path` can change the prompt list (the folder itself or a note in it). */
export function touchesPrompts(path: string): boolean {
  return path === PROMPTS_FOLDER || isPromptPath(path);
}

function isTagged(host: VaultHost, path: string): boolean {
  return host.getAllTags(path).some((tag) => tag.replace(/^#/, '').toLowerCase() === PROMPT_TAG);
}

function descriptionOf(host: VaultHost, path: string): string | undefined {
  const value: unknown = host.getFileCache(path)?.frontmatter?.description;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  return value.trim();
}

function promptNote(host: VaultHost, file: VaultFile): PromptNote {
  const description = descriptionOf(host, file.path);
  return {
    name: file.basename,
    path: file.path,
    ...(description !== undefined && { description }),
  };
}

/** Every prompt note, by name. */
export function promptNotes(host: VaultHost): PromptNote[] {
  return host
    .listFiles()
    .filter((file) => isPromptPath(file.path) && isTagged(host, file.path))
    .map((file) => promptNote(host, file))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The prompt called `name`, or null. */
export function findPromptNote(host: VaultHost, name: string): PromptNote | null {
  if (name.includes('/')) return null;
  const file = host.getFile(`${PROMPTS_FOLDER}/${name.normalize('NFC')}.md`);
  if (file === null || !isTagged(host, file.path)) return null;
  return promptNote(host, file);
}
