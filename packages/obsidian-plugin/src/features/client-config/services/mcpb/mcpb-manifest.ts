/**
 * The manifest of a per-token .mcpb bundle, MCPB manifest version 0.3 (the version MANIFEST.md of
 * the MCPB spec calls current; `mcpb validate` of @anthropic-ai/mcpb checks it in the tests).
 * https://github.com/modelcontextprotocol/mcpb/blob/main/MANIFEST.md
 *
 * No `user_config`: the bundle already knows its vault and token id, so installing asks nothing.
 * `server.type` is `node` with the zero-dependency shim as its entry point, which Claude Desktop
 * runs on its built-in Node: nothing is needed on PATH. The name carries the vault and the
 * token, so bundles for two vaults or two tokens install side by side.
 */
import { slugOf } from '../naming.ts';
import type { BundleTarget } from './bundle-target.ts';
import { BUNDLE_ENV } from '../../shim/bundle-env.ts';
import { shimEnvFor } from './shim-env.ts';

export const MCPB_MANIFEST_VERSION = '0.3';
export const SHIM_ENTRY_POINT = 'server/index.js';
/** The bundled headless CLI, relative to the shim's folder (server/). */
export const FALLBACK_CLI = 'headless/cli.mjs';

/**
 * The Node a bundle needs of the runtime Claude Desktop starts it with: the shim alone is built
 * for Node 18 (scripts/client-config/build-shim.ts); the headless CLI a fallback bundle carries
 * needs Node 20, as its package's engines say (mcpb-fallback.e2e.test.ts compares them).
 */
export const NODE_RUNTIME = { shim: '>=18.0.0', headlessCli: '>=20.0.0' } as const;

/**
 * What serving the vault without Obsidian gives up (docs/features/headless.md): said in the
 * bundle's description, where the user sees it when installing.
 */
const FALLBACK_NOTE =
  'When Obsidian is not running, this bundle starts the headless Local MCP Server inside it in the background, shared by your other clients of the vault and stopping by itself after 10 idle minutes; it serves with the same token: no Dataview, Templater or Obsidian commands then, and semantic search ranks by words unless the offline model is installed beside it. When Obsidian runs, its server is always used, and opening the vault in Obsidian takes over from the background one.';

export function mcpbNameOf(target: BundleTarget): string {
  const vault = slugOf(target.vaultName) || 'vault';
  const token = target.tokenId
    .replace(/[^a-z0-9]/gi, '')
    .slice(0, 8)
    .toLowerCase();
  return `local-mcp-server-${vault}-${token || 'token'}`;
}

export function mcpbManifest(
  target: BundleTarget,
  options: { fallback?: boolean } = {},
): Record<string, unknown> {
  const env = {
    ...shimEnvFor(target),
    ...(options.fallback === true && { [BUNDLE_ENV.fallbackCli]: FALLBACK_CLI }),
  };
  return {
    manifest_version: MCPB_MANIFEST_VERSION,
    name: mcpbNameOf(target),
    display_name: `Obsidian: ${target.vaultName} (${target.tokenLabel})`,
    version: target.version,
    description: `Your Obsidian vault "${target.vaultName}" through Local MCP Server, with the token "${target.tokenLabel}".`,
    long_description: [
      `Connects Claude Desktop to the vault "${target.vaultName}" through the Local MCP Server plugin running in Obsidian (or its headless server).`,
      "The bundle holds no secret: each time it connects it reads the token's current secret and the live port from the vault, so regenerating the secret or changing the port needs no new bundle.",
      'Revoking the token in Obsidian stops this bundle at once.',
      ...(options.fallback === true ? [FALLBACK_NOTE] : []),
    ].join('\n\n'),
    author: { name: 'Local MCP Server for Obsidian' },
    server: {
      type: 'node',
      entry_point: SHIM_ENTRY_POINT,
      mcp_config: {
        command: 'node',
        args: [`\${__dirname}/${SHIM_ENTRY_POINT}`],
        env,
      },
    },
    tools_generated: true,
    prompts_generated: true,
    keywords: ['obsidian', 'notes', 'vault', 'markdown'],
    compatibility: {
      platforms: ['darwin', 'win32', 'linux'],
      runtimes: { node: options.fallback === true ? NODE_RUNTIME.headlessCli : NODE_RUNTIME.shim },
    },
  };
}
