/**
 * Editing a note's properties: every write goes through `host.processFrontMatter`, under the
 * host's write lock, with `expectedRevision` checked by its guard against the text it is about
 * to change. A change that would leave the properties as they are cancels the write, so a no-op
 * never reformats the frontmatter. Invalid YAML leaves the file untouched (the host refuses it).
 */
import { ToolError } from '@mcp-connector/shared';
import type { VaultFile, VaultHost } from '../../../../../host/vault-host.ts';
import { assertRevision, readText } from '../../../services/note-access.ts';
import { revisionOf } from '../../../services/revision.ts';
import { invalidFrontmatter, type Properties } from './note-properties.ts';

/** Changes the properties in place; returns false when there is nothing to change. */
export type PropertyChange = (properties: Properties) => boolean;

export interface EditOutcome {
  /** Whether the note's text changed. */
  changed: boolean;
  revision: string;
}

/**
 * Thrown from inside the change to cancel the write. Its name and message must not mention
 * YAML: the ObsidianHost turns YAML-looking errors into `invalid_frontmatter`.
 */
class NothingToChange extends Error {
  constructor() {
    super('nothing to change');
    this.name = 'NothingToChange';
  }
}

export async function editProperties(
  host: VaultHost,
  file: VaultFile,
  change: PropertyChange,
  expectedRevision?: string,
): Promise<EditOutcome> {
  let before = '';
  const guard = (current: string): void => {
    assertRevision(file.path, current, expectedRevision);
    before = current;
  };
  const apply = (properties: Properties): void => {
    if (!change(properties)) throw new NothingToChange();
  };
  try {
    await host.processFrontMatter(file.path, apply, guard);
  } catch (thrown) {
    if (thrown instanceof NothingToChange) return { changed: false, revision: revisionOf(before) };
    throw explainInvalidYaml(thrown, file.path);
  }
  // processFrontMatter returns nothing: the new revision is read back from the file.
  const { revision } = await readText(host, file);
  return { changed: revision !== revisionOf(before), revision };
}

function explainInvalidYaml(thrown: unknown, path: string): unknown {
  if (!(thrown instanceof ToolError) || thrown.code !== 'invalid_frontmatter') return thrown;
  return invalidFrontmatter(path, thrown.message);
}
