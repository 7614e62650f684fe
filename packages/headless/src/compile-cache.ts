/**
 * Node's compile cache (22.1 and later): the code V8 compiled for the CLI's modules is kept on this
 * device, so the next start of a command (the vault's background server, above all) reads it
 * instead of compiling the bundle again (ADR-0061). Kept in this device's cache folder, beside
 * the models, never in a vault. Node writes it when the process exits. Enabled before any command
 * loads its modules; Node 20 and Bun have no such cache, and a cache that cannot be opened only
 * costs the compilation it would have saved.
 */
import { deviceRoots, thisDevice } from '@mcp-connector/shared/device-home';
import * as nodeModule from 'node:module';
import { join } from 'node:path';

/** The part of `node:module` this uses; absent before Node 22.1 (and from Node 20's types). */
interface CompileCacheApi {
  enableCompileCache?: unknown;
}

/** The folder, in this device's cache, where Node keeps the compiled code. */
export function compileCacheFolder(): string {
  return join(deviceRoots(thisDevice()).cache, 'node-compile-cache');
}

/** Whether the cache was asked for: only on Node, and only where Node has one. */
export function enableCompileCache(): boolean {
  if ((globalThis as { Bun?: unknown }).Bun !== undefined) return false;
  const enable = (nodeModule as CompileCacheApi).enableCompileCache;
  if (typeof enable !== 'function') return false;
  (enable as (directory: string) => unknown)(compileCacheFolder());
  return true;
}

enableCompileCache();
