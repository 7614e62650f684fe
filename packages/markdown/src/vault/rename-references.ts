/**
 * Obsidian's `fileManager.renameFile` on a vault's text: move a file or folder and, when
 * app.json's `alwaysUpdateLinks` is on (the default), keep every link that resolved before the
 * move resolving to the same file after it. The pipeline: snapshot where each affected link
 * leads (rename-snapshot), move, then rewrite only the links whose resolution changed, naming
 * their target as the settings say (markdown-link) and editing them in place (link-rewrite).
 * Invariants: the caller holds its host's write lock; a link that still resolves correctly is
 * left exactly as written; each changed file is written once; nothing else changes; a file
 * `keepLinksIn` names is never written (the hidden-folders guard passes its hidden notes).
 */
import { getLinkpath } from '../links/index.ts';
import type { TextEdit } from '../text-edits.ts';
import { applyDocumentEdits, linkpathEdit } from './link-rewrite.ts';
import type { LinkSite } from './link-sites.ts';
import { LinktextWriter, type LinkFormat, type LinkVault } from './markdown-link.ts';
import {
  snapshotLinks,
  type Moves,
  type ResolvedSite,
  type SnapshotVault,
  type SourceSnapshot,
} from './rename-snapshot.ts';

/**
 * What a link-aware rename needs of a vault: NodeHost's state and the simulated Obsidian's
 * vault both provide it. `move` moves on disk and in the index without touching links.
 */
export interface RenameVault extends LinkVault, SnapshotVault {
  readonly index: LinkVault['index'] & SnapshotVault['index'];
  move(from: string, to: string): Promise<void>;
  writeFile(path: string, text: string): Promise<unknown>;
}

/** How a rename is watched and stopped while it rewrites links (a long one touches many files). */
export interface RenameReferences {
  /** Files whose links are never rewritten. */
  keepLinksIn?: (path: string) => boolean;
  /** Hears each linking file done, of all of them. */
  onProgress?: (done: number, total: number) => void;
  /** Stops between two files (what was written stays: the caller's journal puts it back). */
  signal?: AbortSignal;
}

export async function renameWithReferences(
  vault: RenameVault,
  from: string,
  to: string,
  { keepLinksIn = () => false, onProgress, signal }: RenameReferences = {},
): Promise<void> {
  if (from === to) return;
  if (!vault.appSettings().alwaysUpdateLinks) {
    await vault.move(from, to);
    return;
  }
  const snapshots = await snapshotLinks(vault, movesOf(vault, from, to));
  await vault.move(from, to);
  const writer = new LinktextWriter(vault);
  for (const [index, snapshot] of snapshots.entries()) {
    signal?.throwIfAborted();
    if (!keepLinksIn(snapshot.path)) {
      const text = rewrittenText(vault, writer, snapshot);
      if (text !== snapshot.text) await vault.writeFile(snapshot.path, text);
    }
    onProgress?.(index + 1, snapshots.length);
  }
}

/** The file that moves, or every file inside the folder that moves. */
function movesOf(vault: LinkVault, from: string, to: string): Moves {
  const files = vault.listFiles().map(({ path }) => path);
  if (files.includes(from)) return new Map([[from, to]]);
  const inside = files.filter((path) => path.startsWith(`${from}/`));
  return new Map(inside.map((path) => [path, to + path.slice(from.length)]));
}

function rewrittenText(vault: LinkVault, writer: LinktextWriter, snapshot: SourceSnapshot): string {
  const edited = snapshot.documents.map(({ document, sites }) => ({
    document,
    edits: sites.flatMap((resolved) => editFor(vault, writer, resolved, snapshot.path)),
  }));
  return applyDocumentEdits(snapshot.text, edited);
}

/** No edit when the link still leads to its expected target, or when no linkpath can. */
function editFor(
  vault: LinkVault,
  writer: LinktextWriter,
  { site, expected }: ResolvedSite,
  source: string,
): TextEdit[] {
  // Obsidian opens a canvas file node by its exact path, not by link resolution.
  const resolvesTo = (linkpath: string): boolean =>
    site.form === 'canvas-file'
      ? linkpath === expected
      : vault.index.getFirstLinkpathDest(linkpath, source) === expected;
  if (resolvesTo(getLinkpath(site.linktext))) return [];
  const linkpath = candidateLinkpaths(writer, site, expected, source).find(resolvesTo);
  if (linkpath === undefined) return [];
  const edit = linkpathEdit(site, linkpath);
  return edit === null ? [] : [edit];
}

/**
 * The new linkpath, best first: the link's own style where it shows one (relative `./`/`../`,
 * a leading `/`, an explicit `.md`), else the user's newLinkFormat; then the vault path, which
 * names the file exactly unless a note shares it without `.md`.
 */
function candidateLinkpaths(
  writer: LinktextWriter,
  site: LinkSite,
  target: string,
  source: string,
): string[] {
  if (site.form === 'canvas-file') return [target];
  const old = getLinkpath(site.linktext);
  const keepExtension = site.form === 'markdown' || old.toLowerCase().endsWith('.md');
  const write = (format: LinkFormat): string =>
    writer.linktext(target, source, { format, keepExtension });
  const preferred = isRelative(old) ? write('relative') : write(writer.settings.newLinkFormat);
  const absolute = write('absolute');
  return old.startsWith('/')
    ? [`/${absolute}`, preferred, absolute]
    : [preferred, absolute, `/${absolute}`];
}

function isRelative(linkpath: string): boolean {
  return linkpath.startsWith('./') || linkpath.startsWith('../');
}
