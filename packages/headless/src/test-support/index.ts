export {
  PROTOCOL_LINES,
  connectMcpClient,
  startTestServer,
  type McpTestServer,
  type ProtocolLine,
} from './mcp-test-server.ts';
export { TEST_VAULT, buildVault, copyVault, type TempVault } from './temp-vault.ts';
export { callFail, callOk, type ToolFailure } from './tool-calls.ts';
export { snapshotVault } from '@mcp-connector/shared/test-support';
export { openTestHost, type TestHost } from './test-host.ts';
export { startChildServer, type ChildServer } from './child-server.ts';
export { connectStdio, emptyPath, nodeExecutable, type StdioTestClient } from './stdio-client.ts';
export { mcpbCli } from './mcpb-cli.ts';
export { settingsPathOf } from '../serve.ts';
export { DEMO_VAULT } from '../commands/demo.ts';
