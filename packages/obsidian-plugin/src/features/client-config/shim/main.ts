/**
 * The stdio shim's entry: what a .mcpb bundle's server/index.js (and the claude_desktop_config
 * entry's script) runs. It starts as soon as it is loaded, whether Node runs it as a script
 * (`node server/index.js`) or a host loads it with `import()` (Claude Desktop's built-in Node), so
 * there is no `require.main` check and no argument parsing. Zero dependencies: Node's built-ins
 * only; scripts/client-config/build-shim.ts bundles it into one CommonJS file. A bundle exported
 * with the fallback starts the vault's background server when none runs (fallback.ts).
 */
import { ensureBackgroundServer } from './background-server.ts';
import { bundleConfigFrom, type BundleConfig } from './bundle-env.ts';
import { bundledServerLaunch } from './fallback.ts';
import { isLocalFailure } from './local-errors.ts';
import { runRelay } from './relay.ts';
import { httpUpstream, type Upstream } from './upstream.ts';

const config = bundleConfigFrom(process.env);
const log = (line: string) => process.stderr.write(`${line}\n`);

/** The vault's server, started from the bundle when none runs if the bundle carries the CLI. */
function upstreamOf(bundle: BundleConfig): Upstream {
  const cli = bundle.fallbackCli;
  if (cli === null) return httpUpstream(bundle);
  const launch = bundledServerLaunch(bundle, cli, __dirname);
  return httpUpstream(bundle, { whenNotRunning: () => ensureBackgroundServer(bundle, launch) });
}

async function run(): Promise<void> {
  if (!isLocalFailure(config))
    log(
      `[local-mcp-server] relaying stdio to the vault's Local MCP Server (token ${config.tokenId}${config.fallbackCli === null ? '' : '; started from this bundle when none runs'})`,
    );
  await runRelay(isLocalFailure(config) ? config : upstreamOf(config), {
    input: process.stdin,
    output: process.stdout,
    log,
  });
  process.exit(0);
}

run().catch((error: unknown) => {
  log(`[local-mcp-server] stopped: ${error instanceof Error ? error.message : 'unknown error'}`);
  process.exit(1);
});
