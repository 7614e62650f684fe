/**
 * The stdio shim's entry: what a .mcpb bundle's server/index.js (and the claude_desktop_config
 * entry's script) runs. It starts as soon as it is loaded, whether Node runs it as a script
 * (`node server/index.js`) or a host loads it with `import()` (Claude Desktop's built-in Node), so
 * there is no `require.main` check and no argument parsing. Zero dependencies: Node's built-ins
 * only; scripts/client-config/build-shim.ts bundles it into one CommonJS file. A bundle exported
 * with the fallback serves the vault itself when no server answers (fallback.ts).
 */
import { bundleConfigFrom } from './bundle-env.ts';
import { serveVaultItself, shouldServeItself } from './fallback.ts';
import { isLocalFailure } from './local-errors.ts';
import { runRelay } from './relay.ts';
import { httpUpstream } from './upstream.ts';

const config = bundleConfigFrom(process.env);
const log = (line: string) => process.stderr.write(`${line}\n`);

async function run(): Promise<void> {
  if (!isLocalFailure(config) && (await shouldServeItself(config))) {
    log(
      `[local-mcp-server] no server answers for the vault: serving it from this bundle (token ${config.tokenId})`,
    );
    return serveVaultItself(config, __dirname);
  }
  if (!isLocalFailure(config))
    log(
      `[local-mcp-server] relaying stdio to the vault's Local MCP Server (token ${config.tokenId})`,
    );
  await runRelay(isLocalFailure(config) ? config : httpUpstream(config), {
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
