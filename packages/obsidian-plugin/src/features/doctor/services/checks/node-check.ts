/**
 * Node.js on the PATH the doctor runs with (the CLI's; in Obsidian, the PATH Obsidian inherited):
 * `node` and `npx` with their versions. Missing Node is information, not a problem: only the
 * mcp-remote configs need it (client-config's node-runtime.ts).
 */
import {
  NODE_NEEDED_BY,
  describeNodeRuntime,
  detectNodeRuntime,
} from '../../../client-config/index.ts';
import type { DoctorEnvironment } from '../environment.ts';
import type { DoctorCheck } from '../report.ts';

export async function checkNode(env: DoctorEnvironment): Promise<DoctorCheck> {
  const runtime = await detectNodeRuntime({ env: env.clients.env, platform: env.clients.platform });
  const found = runtime.node !== null && runtime.npx !== null;
  const install =
    runtime.installCommand === null
      ? 'install Node.js from nodejs.org'
      : `install it with Homebrew: ${runtime.installCommand}`;
  return {
    id: 'node',
    title: 'Node.js',
    status: found ? 'ok' : 'info',
    summary: describeNodeRuntime(runtime),
    ...(!found && { fix: `Only if you use an mcp-remote config: ${install}.` }),
    details: [NODE_NEEDED_BY],
  };
}
