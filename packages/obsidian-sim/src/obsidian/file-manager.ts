/**
 * Obsidian's FileManager over the shared engine NodeHost runs (packages/markdown/vault):
 * link-aware renames as app.json's settings say, the trash the user chose, processFrontMatter
 * and links written in the user's format.
 */
import {
  editFrontMatter,
  generateMarkdownLink,
  renameWithReferences,
  type AppSettings,
  type RenameVault,
} from '@mcp-connector/markdown/vault';
import type {
  FileManager as ObsidianFileManager,
  TAbstractFile as ObsidianAbstractFile,
  TFile as ObsidianFile,
} from 'obsidian';
import type { MetadataCache } from './metadata-cache.ts';
import type { TFolder } from './files.ts';
import type { Vault } from './vault.ts';

type FileManagerMembers =
  'getNewFileParent' | 'renameFile' | 'trashFile' | 'generateMarkdownLink' | 'processFrontMatter';

export class FileManager implements Pick<ObsidianFileManager, FileManagerMembers> {
  constructor(
    private readonly vault: Vault,
    private readonly metadataCache: MetadataCache,
    private readonly settings: () => AppSettings,
  ) {}

  /** New notes go to the vault root (Obsidian's default "Default location for new notes"). */
  getNewFileParent(_sourcePath: string, _newFilePath?: string): TFolder {
    return this.vault.getRoot();
  }

  async renameFile(file: ObsidianAbstractFile, newPath: string): Promise<void> {
    await renameWithReferences(this.renameVault(), file.path, newPath);
  }

  /** As app.json's `trashOption` says: the system trash, the vault's .trash, or deleted. */
  async trashFile(file: ObsidianAbstractFile): Promise<void> {
    const { trashOption } = this.settings();
    if (trashOption === 'none') await this.vault.delete(file, true);
    else await this.vault.trash(file, trashOption === 'system');
  }

  generateMarkdownLink(
    file: ObsidianFile,
    sourcePath: string,
    subpath?: string,
    alias?: string,
  ): string {
    return generateMarkdownLink(this.renameVault(), file.path, sourcePath, subpath, alias);
  }

  /** Throws the engine's YAML error, leaving the note untouched, when the frontmatter is invalid. */
  async processFrontMatter(
    file: ObsidianFile,
    fn: (frontmatter: Record<string, unknown>) => void,
  ): Promise<void> {
    await this.vault.process(file, (text) => editFrontMatter(text, fn));
  }

  private renameVault(): RenameVault {
    const vault = this.vault;
    const entry = (path: string) => {
      const found = vault.getAbstractFileByPath(path);
      if (found === null) throw new Error(`File ${path} does not exist.`);
      return found;
    };
    const file = (path: string) => {
      const found = vault.getFileByPath(path);
      if (found === null) throw new Error(`File ${path} does not exist.`);
      return found;
    };
    return {
      appSettings: this.settings,
      index: this.metadataCache.index,
      listFiles: () => vault.getFiles(),
      readText: (path) => vault.read(file(path)),
      move: async (from, to) => {
        await this.ensureFolder(to.slice(0, Math.max(0, to.lastIndexOf('/'))));
        await vault.rename(entry(from), to);
      },
      writeFile: (path, text) => vault.modify(file(path), text),
    };
  }

  private async ensureFolder(path: string): Promise<void> {
    if (path === '' || this.vault.getFolderByPath(path) !== null) return;
    await this.ensureFolder(path.slice(0, Math.max(0, path.lastIndexOf('/'))));
    await this.vault.createFolder(path);
  }
}
