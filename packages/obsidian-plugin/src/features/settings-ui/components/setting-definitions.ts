/**
 * What Obsidian's settings search indexes: one declarative definition per section of the tab,
 * named as its heading, with every row of the section (and the words a person would type for it)
 * as aliases. Each definition's `render` mounts that section's Svelte rows into the row Obsidian
 * made for it, so a search hit lands on the section that holds the setting. On Obsidian before
 * 1.13 the tab's display() draws the same definitions itself (see settings-tab.ts): one list of
 * sections, two hosts. Browser-safe: 'obsidian' is imported for types only. See ADR-0051.
 */
import type { SectionId } from '../services/settings-api.ts';

export interface SectionEntry {
  id: SectionId;
  /** The section's heading, as its Svelte component draws it. */
  name: string;
  desc: string;
  /** The names of the section's rows, then other words that should find it. */
  aliases: readonly string[];
}

/** In the tab's order (components/sections.ts); a test holds the two lists and the rows together. */
export const SECTION_ENTRIES: readonly SectionEntry[] = [
  {
    id: 'server',
    name: 'Server',
    desc: 'The MCP endpoint on this computer: its address, state, port and name.',
    aliases: ['Endpoint', 'Status', 'Fixed port', 'Server name', 'URL', 'Restart', 'Port'],
  },
  {
    id: 'access',
    name: 'Access control',
    desc: 'The tokens AI clients connect with, one per client, and their client setups.',
    aliases: [
      'Add token',
      'No tokens',
      'Token',
      'Secret',
      'Bearer',
      'Revoke',
      'Client setup',
      'Keep Claude Desktop in sync',
      'Node.js',
      'Claude Desktop',
      'Claude Code',
      'Cursor',
      'VS Code',
      '.mcpb',
    ],
  },
  {
    id: 'tool-loading',
    name: 'Tool loading',
    desc: "Which tools each token's client sees: its profile, promoted tools and allowlist.",
    aliases: [
      'Token',
      'Profile',
      'Read-only',
      'Promoted tools',
      'Promote a tool',
      'Limit to specific tools',
      'Reset adaptive data',
      'Adaptive',
      'Allowlist',
    ],
  },
  {
    id: 'tools',
    name: 'Tools available',
    desc: 'Switch a tool off for every token.',
    aliases: ['Disable tool', 'Read tools', 'Write tools'],
  },
  {
    id: 'hidden-folders',
    name: 'Hidden folders',
    desc: 'Folders every AI client sees as if they did not exist.',
    aliases: ['Hide a folder', 'Private', 'Exclude folder'],
  },
  {
    id: 'commands',
    name: 'Command execution',
    desc: 'Whether AI clients may run Obsidian commands, and which run without asking.',
    aliases: [
      'Allow AI clients to run commands',
      'Allowlist',
      'Warning threshold',
      'Recent decisions',
      'Command palette',
    ],
  },
  {
    id: 'semantic',
    name: 'Semantic search',
    desc: 'Search by meaning, with embeddings computed on this device.',
    aliases: ['Enabled', 'Provider', 'Model', 'Model files', 'Index', 'Embeddings', 'Download'],
  },
  {
    id: 'change-journal',
    name: 'Change journal',
    desc: 'Every change an AI client makes, kept so it can be undone.',
    aliases: [
      'Recent AI changes',
      'Journal size',
      'Keep changes for',
      'Largest binary file kept',
      'Undo',
      'History',
    ],
  },
];

/** Mounts a section's rows into an element; returns what unmounts them. */
export type MountSection = (target: HTMLElement, section: SectionId) => () => void;

/** What `render` uses of the row (Obsidian's Setting, or a row the harness made). */
export interface SectionRow {
  settingEl: HTMLElement;
}

/** A section as Obsidian's `SettingDefinitionRender` (which it is assignable to). */
export interface SectionDefinition {
  name: string;
  desc: string;
  aliases: string[];
  render(setting: SectionRow): () => void;
}

/** The tab's declarative definitions: one `render` row per section. */
export function settingDefinitions(mountSection: MountSection): SectionDefinition[] {
  return SECTION_ENTRIES.map((entry) => ({
    name: entry.name,
    desc: entry.desc,
    aliases: [...entry.aliases],
    render: (setting: SectionRow) => drawSection(setting.settingEl, entry.id, mountSection),
  }));
}

/**
 * Turns the row Obsidian (or display()) made into the section's container: the Svelte rows are
 * Obsidian's own setting-item markup, so the row's own layout would nest one row in another.
 */
export function drawSection(
  row: HTMLElement,
  section: SectionId,
  mountSection: MountSection,
): () => void {
  row.replaceChildren();
  row.className = 'mcp-connector-section-host';
  return mountSection(row, section);
}
