/**
 * `bun run test:built` (the gate's last step): builds the headless CLI, then runs the e2e
 * suite (every file but NOT_ON_BUILT_CLI) against it as a child process under the system Node,
 * once over HTTP (`serve --json`) and once over stdio (each client launching `serve --stdio
 * --token`), the same test files `bun test` runs in-process. Bounded: every test has
 * TEST_TIMEOUT_MS, and each target's run is stopped after RUN_LIMIT_MS.
 */
import { spawn } from 'node:child_process';
import { Glob } from 'bun';
import { join } from 'node:path';
import { buildHeadless } from './build-headless.ts';

const ROOT = join(import.meta.dir, '..');
const E2E = 'packages/headless/src/e2e';

/**
 * E2E files left out of the built-CLI run, each with why: they start servers of their own in
 * this process (configured per test, or beside a bundle under test), or test a program other
 * than the server. Every other file under e2e/ runs against the built CLI, so a new e2e file
 * joins the run unless it is listed here (scripts/test-built-cli.test.ts checks the list).
 */
export const NOT_ON_BUILT_CLI: Readonly<Record<string, string>> = {
  'client-config/desktop-sync.e2e.test.ts':
    'syncs the in-process server into a Claude Desktop file',
  'client-config/mcpb.e2e.test.ts':
    'exports bundles and runs their shim against in-process servers',
  'client-config/mcpb-fallback.e2e.test.ts': 'builds the CLI itself and runs it from a bundle',
  'client-config/python-bridge.e2e.test.ts': 'runs the Windows bridge against an in-process server',
  'connector-lifecycle.e2e.test.ts': 'starts and stops connectors in this process',
  'doctor.e2e.test.ts': 'tests the doctor, which probes whatever server runs',
  'regex-budget.e2e.test.ts': 'runs the source CLI as a child of its own, to bound its CPU time',
  'settings-fail-closed.e2e.test.ts': 'starts a server per broken data.json in this process',
  'stdio.e2e.test.ts':
    'runs the source CLI over stdio beside the target (node-stdio is that, built)',
  'tools/semantic.e2e.test.ts':
    "injects the test models; the bundle's embedder thread is tested in build-headless.test.ts",
  'tools/web.e2e.test.ts': 'reaches its page server through a test-only route set in this process',
  'transport-limits.e2e.test.ts': 'starts servers with test-sized limits in this process',
};

/** Every e2e file but those above: the same tests `bun test` runs in-process. */
export function builtCliSuite(): string[] {
  const files = [...new Glob('**/*.e2e.test.ts').scanSync(join(ROOT, E2E))];
  return files
    .filter((file) => NOT_ON_BUILT_CLI[file] === undefined)
    .sort()
    .map((file) => `${E2E}/${file}`);
}

const TARGETS = ['node-http', 'node-stdio'] as const;
/** Each stdio client starts a Node process that scans the vault; the machine may be busy. */
const TEST_TIMEOUT_MS = 60_000;
/**
 * A bound for a run that hangs, not a speed check (each test has its own timeout): on a slow
 * two-core machine the stdio run alone has taken over 10 minutes, every client a Node process.
 */
const RUN_LIMIT_MS = 25 * 60_000;

function runSuite(target: (typeof TARGETS)[number]): Promise<number> {
  const child = spawn('bun', ['test', '--timeout', String(TEST_TIMEOUT_MS), ...builtCliSuite()], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, MCP_E2E_TARGET: target },
  });
  const timer = setTimeout(() => {
    console.error(`test:built: ${target} ran past ${RUN_LIMIT_MS / 60_000} minutes; stopping it.`);
    child.kill('SIGTERM');
  }, RUN_LIMIT_MS);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code ?? 1);
    }),
  );
}

async function main(): Promise<number> {
  const built = await buildHeadless();
  console.log(`Built ${built.path}; running ${builtCliSuite().length} e2e files against it.`);
  const failed: string[] = [];
  for (const target of TARGETS) {
    console.log(`\n=== MCP_E2E_TARGET=${target} ===`);
    if ((await runSuite(target)) !== 0) failed.push(target);
  }
  if (failed.length > 0) console.error(`test:built failed for: ${failed.join(', ')}`);
  return failed.length === 0 ? 0 : 1;
}

if (import.meta.main) process.exit(await main());
