/**
 * The VaultHost a journaled call writes through: every write is passed to the guarded host
 * unchanged, with its steps recorded in the call's session first: the before-image of each path
 * it will touch (a file's bytes, `folder`, or `absent` for what it creates, parent folders
 * included). Reads pass straight through. A link-aware rename cannot say in advance which notes
 * the host will rewrite, so it records every note that could be (notes linking to what moves or
 * to its new name, the moved notes, every canvas) and keeps those that changed.
 */
import { nameKey } from '@mcp-connector/markdown/links';
import { ToolError, revisionOf } from '@mcp-connector/shared';
import { ForwardingHost } from '../../../host/forwarding-host.ts';
import type { RenameOptions, VaultFile, VaultHost } from '../../../host/vault-host.ts';
import { parentFolder } from '../../../host/vault-path.ts';
import { ABSENT, CHANGED, FOLDER, type IntentEntry } from './change-record.ts';
import type { ChangeSession } from './change-session.ts';
import { isTextFile } from './path-state.ts';

const ABSENT_IMAGE = { kind: 'absent' } as const;
const FOLDER_IMAGE = { kind: 'folder' } as const;
const MAX_RACES = 5;

/** Thrown inside a write when another program changed the file since its image was taken. */
class Raced extends Error {}

function raceOrGiveUp(path: string, race: number): Error {
  if (race < MAX_RACES) return new Raced();
  return new ToolError(
    'precondition_failed',
    `${path} keeps being changed by another program; try the edit again in a moment.`,
    { path },
  );
}

export class RecordingHost extends ForwardingHost {
  constructor(
    inner: VaultHost,
    private readonly session: ChangeSession,
  ) {
    super(inner);
  }

  override async create(path: string, content: string): Promise<VaultFile> {
    return this.session.write(this.creation(path), () => this.inner.create(path, content));
  }

  override async createBinary(path: string, data: Uint8Array): Promise<VaultFile> {
    return this.session.write(this.creation(path), () => this.inner.createBinary(path, data));
  }

  override async modifyBinary(path: string, data: Uint8Array): Promise<void> {
    const file = this.inner.getFile(path);
    if (file === null) return this.inner.modifyBinary(path, data);
    const { image } = await this.session.capture(file);
    const entries = [{ step: { step: 'put', path, before: image }, expect: CHANGED } as const];
    return this.session.write(entries, () => this.inner.modifyBinary(path, data));
  }

  override async process(path: string, transform: (content: string) => string): Promise<string> {
    for (let race = 0; ; race++) {
      const file = this.inner.getFile(path);
      if (file === null) return this.inner.process(path, transform);
      const { image, text } = await this.session.capture(file);
      const before = text ?? (await this.inner.read(path));
      const next = transform(before);
      if (next === before) return before;
      const entries = [{ step: { step: 'put', path, before: image }, expect: revisionOf(next) }];
      try {
        return await this.session.write(entries as IntentEntry[], () =>
          this.inner.process(path, (current) => {
            if (current !== before) throw raceOrGiveUp(path, race);
            return next;
          }),
        );
      } catch (error) {
        if (!(error instanceof Raced)) throw error;
      }
    }
  }

  override async processFrontMatter(
    path: string,
    change: (frontmatter: Record<string, unknown>) => void,
    guard?: (currentText: string) => void,
  ): Promise<void> {
    for (let race = 0; ; race++) {
      const file = this.inner.getFile(path);
      if (file === null) return this.inner.processFrontMatter(path, change, guard);
      const { image, text } = await this.session.capture(file);
      const entries = [{ step: { step: 'put', path, before: image }, expect: CHANGED } as const];
      try {
        return await this.session.write(entries, () =>
          this.inner.processFrontMatter(path, change, (current) => {
            if (current !== text) throw raceOrGiveUp(path, race);
            guard?.(current);
          }),
        );
      } catch (error) {
        if (!(error instanceof Raced)) throw error;
      }
    }
  }

  override async createFolder(path: string): Promise<void> {
    return this.session.write(this.missingFolders(path), () => this.inner.createFolder(path));
  }

  override async rename(from: string, to: string): Promise<void> {
    return this.session.write(this.move(from, to), () => this.inner.rename(from, to));
  }

  override async renameFile(from: string, to: string, options?: RenameOptions): Promise<void> {
    if (!this.exists(from) || this.exists(to)) return this.inner.renameFile(from, to, options);
    const entries = [...this.move(from, to), ...(await this.linkRewrites(from, to))];
    return this.session.write(entries, () => this.inner.renameFile(from, to, options));
  }

  override async trashFile(path: string): Promise<void> {
    const file = this.inner.getFile(path);
    if (file !== null) {
      const { image } = await this.session.capture(file);
      const entries = [{ step: { step: 'put', path, before: image }, expect: ABSENT } as const];
      return this.session.write(entries, () => this.inner.trashFile(path));
    }
    if (this.inner.getFolder(path) === null) return this.inner.trashFile(path);
    return this.session.write(await this.folderRemoval(path), () => this.inner.trashFile(path));
  }

  private exists(path: string): boolean {
    return this.inner.getFile(path) !== null || this.inner.getFolder(path) !== null;
  }

  /** A new file and its missing parent folders; nothing when the path is taken (create fails). */
  private creation(path: string): IntentEntry[] {
    if (this.exists(path)) return [];
    return [
      ...this.missingFolders(parentFolder(path)),
      { step: { step: 'put', path, before: ABSENT_IMAGE }, expect: CHANGED },
    ];
  }

  /** The folders createFolder(path) would make, outermost first. */
  private missingFolders(path: string): IntentEntry[] {
    const missing: IntentEntry[] = [];
    for (let folder = path; folder !== '' && !this.exists(folder); folder = parentFolder(folder)) {
      missing.unshift({
        step: { step: 'put', path: folder, before: ABSENT_IMAGE },
        expect: FOLDER,
      });
    }
    return missing;
  }

  private move(from: string, to: string): IntentEntry[] {
    if (!this.exists(from) || this.exists(to)) return [];
    return [
      ...this.missingFolders(parentFolder(to)),
      { step: { step: 'move', from, to }, expect: ABSENT },
    ];
  }

  /** Every file and folder inside, files first, then folders innermost first, then the folder. */
  private async folderRemoval(folder: string): Promise<IntentEntry[]> {
    const prefix = `${folder}/`;
    const entries: IntentEntry[] = [];
    for (const file of this.inner.listFiles().filter((entry) => entry.path.startsWith(prefix))) {
      const { image } = await this.session.capture(file);
      entries.push({ step: { step: 'put', path: file.path, before: image }, expect: ABSENT });
    }
    const folders = this.inner
      .listFolders()
      .map((entry) => entry.path)
      .filter((path) => path.startsWith(prefix))
      .sort((a, b) => b.split('/').length - a.split('/').length);
    for (const path of [...folders, folder]) {
      entries.push({ step: { step: 'put', path, before: FOLDER_IMAGE }, expect: ABSENT });
    }
    return entries;
  }

  /** The notes a link-aware move may rewrite, each at the path it has after the move. */
  private async linkRewrites(from: string, to: string): Promise<IntentEntry[]> {
    const moved = new Map<string, string>();
    const isFolder = this.inner.getFolder(from) !== null;
    for (const file of this.inner.listFiles()) {
      if (file.path === from) moved.set(file.path, to);
      else if (isFolder && file.path.startsWith(`${from}/`))
        moved.set(file.path, to + file.path.slice(from.length));
    }
    const newNames = new Set([...moved.values()].map(nameKey));
    const mayChange = (target: string) => moved.has(target) || newNames.has(nameKey(target));
    const candidates = new Set<string>();
    for (const [source, targets] of Object.entries(this.inner.resolvedLinks())) {
      if (moved.has(source) || Object.keys(targets).some(mayChange)) candidates.add(source);
    }
    for (const path of moved.keys()) if (isTextFile(path)) candidates.add(path);
    for (const file of this.inner.listFiles())
      if (file.extension === 'canvas') candidates.add(file.path);
    const entries: IntentEntry[] = [];
    for (const source of candidates) {
      const file = this.inner.getFile(source);
      if (file === null || !isTextFile(source)) continue;
      const { image } = await this.session.capture(file);
      const path = moved.get(source) ?? source;
      entries.push({ step: { step: 'put', path, before: image }, expect: CHANGED });
    }
    return entries;
  }
}
