/**
 * Every client a copy-config snippet exists for, in the order the settings and the README list
 * them. Adding a client is one generator file and one line here.
 */
import { claudeCode } from './claude-code.ts';
import type { ClientContext, ClientGenerator, Snippet } from './client-snippet.ts';
import { cline } from './cline.ts';
import { codex } from './codex.ts';
import { continueDev } from './continue.ts';
import { cursor } from './cursor.ts';
import { gemini } from './gemini.ts';
import { goose } from './goose.ts';
import { jetbrains } from './jetbrains.ts';
import { lmStudio } from './lm-studio.ts';
import { mcpRemote } from './mcp-remote.ts';
import { opencode } from './opencode.ts';
import { vscode } from './vscode.ts';
import { windsurf } from './windsurf.ts';
import { zed } from './zed.ts';

export const CLIENTS: readonly ClientGenerator[] = [
  claudeCode,
  cursor,
  vscode,
  windsurf,
  cline,
  continueDev,
  gemini,
  codex,
  zed,
  opencode,
  goose,
  jetbrains,
  lmStudio,
  mcpRemote,
];

export function clientById(id: string): ClientGenerator | undefined {
  return CLIENTS.find((client) => client.id === id);
}

export function clientSnippets(id: string, context: ClientContext): Snippet[] {
  const client = clientById(id);
  if (client === undefined) throw new Error(`No copy-config generator for "${id}".`);
  return client.snippets(context);
}
