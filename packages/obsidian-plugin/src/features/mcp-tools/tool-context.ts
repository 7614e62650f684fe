/**
 * What a tool handler gets besides its arguments: the vault (already guarded) and facts about
 * the server answering this request. Handlers never see HTTP, tokens, `app` or `fs`.
 */
import type { HostKind, VaultHost } from '../../host/vault-host.ts';

export interface ServerFacts {
  name: string;
  version: string;
  hostKind: HostKind;
  /** Protocol revisions this server answers, newest first. */
  protocolRevisions: readonly string[];
}

export interface ToolContext {
  host: VaultHost;
  server: ServerFacts;
  /** How many tools this request's caller can see and call. */
  visibleToolCount: number;
}
