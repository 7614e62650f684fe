/**
 * Until ToolServices carries it, this is how search_vault_smart finds the vault's semantic
 * search: a WeakMap from the VaultHost the service indexes to the service. The tool looks up
 * `ctx.host`, so the service must be registered under the same host object the tool context
 * receives (with a hidden-folders guard, the guarded host).
 */
import type { VaultHost } from '../../../host/vault-host.ts';
import type { SemanticSearch } from './semantic-search.ts';

const services = new WeakMap<VaultHost, SemanticSearch>();

export function registerSemanticSearch(host: VaultHost, service: SemanticSearch): () => void {
  services.set(host, service);
  return () => {
    if (services.get(host) === service) services.delete(host);
  };
}

export function semanticSearchFor(host: VaultHost): SemanticSearch | null {
  return services.get(host) ?? null;
}
