/**
 * Obsidian's `fileManager.renameFile` for the headless host: move a file or folder and, when
 * app.json's `alwaysUpdateLinks` is on (the default), keep every link that resolved before the
 * move resolving to the same file after it. The pipeline: snapshot where each affected link
 * leads (rename-snapshot), move, then rewrite only the links whose resolution changed, naming
 * their target as the settings say (markdown-link) and editing them in place (link-rewrite).
 * Invariants: the caller holds NodeHost's write lock; a link that still resolves correctly is
 * left exactly as written; each changed file is written once; nothing else changes; a file
 * `keepLinksIn` names is never written (the hidden-folders guard passes its hidden notes).
 */
import { getLinkpath } from '@mcp-connector/markdown/links';
import type { VaultState } from '../node-host/vault-state.ts';
import { applyDocumentEdits, linkpathEdit, type TextEdit } from './link-rewrite.ts';
import type { LinkSite } from './link-sites.ts';
import { LinktextWriter, type LinkFormat, type LinkVault } from './markdown-link.ts';
import {
  snapshotLinks,
  type Moves,
  type ResolvedSite,
  type SourceSnapshot,
} from './rename-snapshot.ts';

export async function renameWithReferences(
  state: VaultState,
  from: string,
  to: string,
  keepLinksIn: (path: string) => boolean = () => false,
): Promise<void> {
  if (from === to) return;
  if (!state.appSettings().alwaysUpdateLinks) {
    await state.move(from, to);
    return;
  }
  const snapshots = await snapshotLinks(state, movesOf(state, from, to));
  await state.move(from, to);
  const writer = new LinktextWriter(state);
  for (const snapshot of snapshots) {
    if (keepLinksIn(snapshot.path)) continue;
    const text = rewrittenText(state, writer, snapshot);
    if (text !== snapshot.text) await state.writeFile(snapshot.path, text);
  }
}

function movesOf(state: VaultState, from: string, to: string): Moves {
  if (!state.table.hasFolder(from)) return new Map([[from, to]]);
  return new Map(
    state.table.filesUnder(from).map(({ file }) => [file.path, to + file.path.slice(from.length)]),
  );
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
