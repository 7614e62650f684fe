/**
 * The vault as a base sees it (the BaseRuntime of the expression language), over the VaultHost
 * and so behind the hidden-folders guard: file properties (help.obsidian.md/bases/syntax, "File
 * properties"), note properties typed as the vault's types.json says (a `date` or `datetime`
 * property is a date; a property with no type is a date when it reads as an ISO date, as
 * Obsidian infers it), wikilinks in properties as links, tags, and the resolved link graph.
 * Built once per query; what it reads is kept for the rest of the query.
 */
import { getLinkpath } from '@mcp-connector/markdown/links';
import type { MomentFactory, VaultFile, VaultHost } from '../../../../../host/vault-host.ts';
import { noteLinks } from '../../../services/note-links.ts';
import { RegexBudget } from '../../../services/regex/index.ts';
import { parseDate } from './expression/functions/dates.ts';
import type { BaseRuntime } from './expression/runtime.ts';
import {
  isTagged,
  pathOf,
  type LinkValue,
  type ObjectValue,
  type Value,
} from './expression/values.ts';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?)?$/;
const WIKILINK = /^\[\[([^\]]+)\]\]$/;
const DATE_TYPES = new Set(['date', 'datetime']);

export class BaseVault implements BaseRuntime {
  readonly regexBudget = new RegexBudget();
  private links: Readonly<Record<string, Readonly<Record<string, number>>>> | null = null;
  private backlinksByTarget: Map<string, string[]> | null = null;
  private readonly properties = new Map<string, ObjectValue>();

  private constructor(
    private readonly host: VaultHost,
    readonly moment: MomentFactory,
    readonly now: number,
    /** Property name -> type, from the vault's types.json. */
    private readonly types: Readonly<Record<string, string>>,
  ) {}

  static async open(host: VaultHost, now = Date.now()): Promise<BaseVault> {
    const [moment, types] = await Promise.all([host.loadMoment(), readTypes(host)]);
    return new BaseVault(host, moment, now, types);
  }

  fileAt(path: string): VaultFile | null {
    return this.host.getFile(path);
  }

  fileMember(file: VaultFile, name: string): Value | undefined {
    switch (name) {
      case 'name':
        return file.name;
      case 'basename':
        return file.basename;
      case 'path':
        return file.path;
      case 'folder':
        return file.path.includes('/') ? file.path.slice(0, file.path.lastIndexOf('/')) : '/';
      case 'ext':
        return file.extension;
      case 'size':
        return file.stat.size;
      case 'ctime':
        return { kind: 'date', ms: file.stat.ctime, time: true };
      case 'mtime':
        return { kind: 'date', ms: file.stat.mtime, time: true };
      case 'file':
        return { kind: 'file', file };
      case 'properties':
        return this.noteProperties(file);
      default:
        return this.derivedMember(file, name);
    }
  }

  /** The members read from the metadata and the link graph. */
  private derivedMember(file: VaultFile, name: string): Value | undefined {
    switch (name) {
      case 'tags':
        return [...new Set(this.host.getAllTags(file.path))];
      case 'links':
        return this.linksOf(file, (kind) => kind !== 'embed');
      case 'embeds':
        return this.linksOf(file, (kind) => kind === 'embed');
      case 'backlinks':
        return this.backlinks(file.path).map((source): LinkValue => ({
          kind: 'link',
          text: source,
          path: source,
          display: null,
        }));
      default:
        return undefined;
    }
  }

  private linksOf(file: VaultFile, keep: (kind: string) => boolean): LinkValue[] {
    return noteLinks(this.host, file.path)
      .filter((link) => keep(link.kind))
      .map((link) => ({ kind: 'link', text: link.link, path: link.target, display: null }));
  }

  noteProperties(file: VaultFile): ObjectValue {
    let properties = this.properties.get(file.path);
    if (properties === undefined) {
      const frontmatter = (this.host.getFileCache(file.path)?.frontmatter ?? {}) as Record<
        string,
        unknown
      >;
      const entries: Record<string, Value> = {};
      for (const [key, raw] of Object.entries(frontmatter)) {
        if (key === 'position') continue;
        entries[key] = this.propertyValue(
          raw,
          Object.hasOwn(this.types, key) ? this.types[key] : undefined,
          file.path,
        );
      }
      properties = { kind: 'object', entries };
      this.properties.set(file.path, properties);
    }
    return properties;
  }

  noteProperty(file: VaultFile, key: string): Value {
    const { entries } = this.noteProperties(file);
    return Object.hasOwn(entries, key) ? (entries[key] ?? null) : null;
  }

  hasProperty(file: VaultFile, key: string): boolean {
    return Object.hasOwn(this.noteProperties(file).entries, key);
  }

  hasTag(file: VaultFile, tags: readonly string[]): boolean {
    const wanted = tags
      .map((tag) => tag.replace(/^#/, '').toLowerCase())
      .filter((tag) => tag !== '');
    return this.host.getAllTags(file.path).some((tag) => {
      const own = tag.replace(/^#/, '').toLowerCase();
      return wanted.some((name) => own === name || own.startsWith(`${name}/`));
    });
  }

  hasLink(file: VaultFile, target: Value): boolean {
    const text = isTagged(target, 'link')
      ? target.text
      : typeof target === 'string'
        ? linktextOf(target)
        : null;
    const path = pathOf(target) ?? (text === null ? null : this.link(text, file.path, null).path);
    if (path !== null) return (this.resolvedLinks()[file.path]?.[path] ?? 0) > 0;
    if (text === null) return false;
    const name = getLinkpath(text).toLowerCase();
    const unresolved = Object.keys(this.host.unresolvedLinks()[file.path] ?? {});
    return unresolved.some((linkpath) => linkpath.toLowerCase() === name);
  }

  link(text: string, source: string, display: string | null): LinkValue {
    const isUrl = /^[a-z][a-z0-9+.-]*:\/\//i.test(text);
    const path = isUrl ? null : this.host.getFirstLinkpathDest(getLinkpath(text), source);
    return { kind: 'link', text, path, display };
  }

  private resolvedLinks() {
    return (this.links ??= this.host.resolvedLinks());
  }

  private backlinks(path: string): string[] {
    if (this.backlinksByTarget === null) {
      this.backlinksByTarget = new Map();
      for (const [source, targets] of Object.entries(this.resolvedLinks()))
        for (const target of Object.keys(targets)) {
          const list = this.backlinksByTarget.get(target) ?? [];
          list.push(source);
          this.backlinksByTarget.set(target, list);
        }
    }
    return (this.backlinksByTarget.get(path) ?? []).sort();
  }

  /** A frontmatter value as a base sees it: typed dates, links, lists and objects. */
  private propertyValue(raw: unknown, type: string | undefined, source: string): Value {
    if (raw === null || raw === undefined) return null;
    if (typeof raw === 'boolean' || typeof raw === 'number') return raw;
    if (Array.isArray(raw))
      return raw.map((item: unknown) => this.propertyValue(item, type, source));
    if (raw instanceof Date) return { kind: 'date', ms: raw.getTime(), time: true };
    if (typeof raw === 'object') {
      const entries = Object.fromEntries(
        Object.entries(raw).map(([key, inner]) => [
          key,
          this.propertyValue(inner, undefined, source),
        ]),
      );
      return { kind: 'object', entries };
    }
    if (typeof raw !== 'string') return null; // YAML gives nothing else
    const text = raw;
    const wikilink = WIKILINK.exec(text.trim())?.[1];
    if (wikilink !== undefined) {
      const bar = wikilink.indexOf('|');
      return bar === -1
        ? this.link(wikilink, source, null)
        : this.link(wikilink.slice(0, bar), source, wikilink.slice(bar + 1));
    }
    const datelike = type === undefined ? ISO_DATE.test(text) : DATE_TYPES.has(type);
    return (datelike ? parseDate(text, this.moment) : null) ?? text;
  }
}

/** `Note`, `[[Note]]`, `[[Note|shown]]` -> `Note`. */
function linktextOf(text: string): string {
  const inner = WIKILINK.exec(text.trim())?.[1] ?? text.trim();
  return inner.split('|')[0] ?? '';
}

/** The property types Obsidian keeps in types.json (`{"types": {"due": "date"}}`); none when absent. */
async function readTypes(host: VaultHost): Promise<Record<string, string>> {
  try {
    const parsed = JSON.parse((await host.readConfigFile('types.json')) ?? '{}') as {
      types?: unknown;
    };
    const types = parsed.types;
    if (types === null || typeof types !== 'object' || Array.isArray(types)) return {};
    return Object.fromEntries(
      Object.entries(types).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  } catch {
    return {};
  }
}
