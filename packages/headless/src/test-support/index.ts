export {
  E2E_TARGET,
  PROTOCOL_LINES,
  SEMANTIC_INDEX_BOUND_MS,
  connectMcpClient,
  httpTest,
  inProcessTest,
  oneServerTest,
  startTestServer,
  type E2eTarget,
  type McpTestServer,
  type ProtocolLine,
} from './mcp-test-server.ts';
export { TEST_VAULT, buildVault, copyVault, type TempVault } from './temp-vault.ts';
export { callFail, callOk, type ToolFailure } from './tool-calls.ts';
export { readOnlyClient, whileHidden } from './policy-cases.ts';
export { snapshotVault } from '@mcp-connector/shared/test-support';
export { openTestHost, type TestHost } from './test-host.ts';
export { startChildServer, type ChildServer, type ChildServerOptions } from './child-server.ts';
export { defaultToken } from './child-test-server.ts';
export { connectStdio, emptyPath, nodeExecutable, type StdioTestClient } from './stdio-client.ts';
export { bundleTargetFor, mcpbCli } from './mcpb-cli.ts';
export { settingsPathOf } from '../serve.ts';
export { DEMO_VAULT } from '../commands/demo.ts';
export { BUILT_CLI, builtCliLaunch, connectStdioCli, type CliLaunch } from './cli-process.ts';
export { backgroundServersOf, isRunning, stopBackgroundServers } from './background-servers.ts';
export { LEGACY_INITIALIZE } from './raw-messages.ts';
