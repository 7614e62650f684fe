/**
 * The CLI's commands, in the order its overview lists them. Each is loaded only when chosen:
 * `--help` and the small commands never load the server. All but `serve` load ArkType;
 * `serve` loads it only for the modes that serve (its relay does not: ADR-0054).
 */
import { afterArkTypeConfig } from '../configured-import.ts';
import type { Command } from './usage.ts';

export interface CommandEntry {
  name: string;
  summary: string;
  /** Loaded only when chosen: `--help` and the small commands never load the server. */
  load: () => Promise<Command>;
}

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'serve',
    summary: 'Serve a vault folder to MCP clients: over loopback HTTP, or over stdio as one token.',
    load: async () => (await import('./serve.ts')).serveCommand,
  },
  {
    name: 'doctor',
    summary:
      'Check the setup of a vault (folders, settings, tokens, port, server, clients) and say how to fix it.',
    load: () => afterArkTypeConfig(async () => (await import('./doctor.ts')).doctorCommand),
  },
  {
    name: 'tokens',
    summary: 'List, add, regenerate, revoke and change the tokens clients connect with.',
    load: () => afterArkTypeConfig(async () => (await import('./tokens.ts')).tokensCommand),
  },
  {
    name: 'connect',
    summary: 'Connect a client (Claude Desktop, Cursor, VS Code, ...) to the vault with one token.',
    load: () => afterArkTypeConfig(async () => (await import('./connect.ts')).connectCommand),
  },
  {
    name: 'models',
    summary:
      "Show or download (with your consent) the native semantic model this vault's server reads.",
    load: () => afterArkTypeConfig(async () => (await import('./models.ts')).modelsCommand),
  },
  {
    name: 'metadata',
    summary: "Print a note's metadata (CachedMetadata) as Obsidian computes it.",
    load: () => afterArkTypeConfig(async () => (await import('./metadata.ts')).metadataCommand),
  },
  {
    name: 'demo',
    summary: 'Serve a temporary copy of the demo vault over loopback HTTP.',
    load: () => afterArkTypeConfig(async () => (await import('./demo.ts')).demoCommand),
  },
];
