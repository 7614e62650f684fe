/**
 * `bun run test:built` (the gate's last step): builds the headless CLI, then runs a
 * representative part of the e2e suite against it as a child process under the system Node,
 * once over HTTP (`serve --json`) and once over stdio (each client launching `serve --stdio
 * --token`), the same test files `bun test` runs in-process. Bounded: every test has
 * TEST_TIMEOUT_MS, and the whole run is stopped after RUN_LIMIT_MS.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildHeadless } from './build-headless.ts';

const ROOT = join(import.meta.dir, '..');
const E2E = 'packages/headless/src/e2e';

/** Files that exercise the tools, both protocol lines, bad input and tokens through clients only. */
export const BUILT_CLI_SUITE = [
  `${E2E}/tools/files.e2e.test.ts`,
  `${E2E}/tools/search.e2e.test.ts`,
  `${E2E}/tools/frontmatter.e2e.test.ts`,
  `${E2E}/tools/structure.e2e.test.ts`,
  `${E2E}/tools/maintenance.e2e.test.ts`,
  `${E2E}/tools/periodic.e2e.test.ts`,
  `${E2E}/bad-input.e2e.test.ts`,
];

const TARGETS = ['node-http', 'node-stdio'] as const;
/** Each stdio client starts a Node process that scans the vault; the machine may be busy. */
const TEST_TIMEOUT_MS = 60_000;
const RUN_LIMIT_MS = 10 * 60_000;

function runSuite(target: (typeof TARGETS)[number], deadline: number): Promise<number> {
  const child = spawn('bun', ['test', '--timeout', String(TEST_TIMEOUT_MS), ...BUILT_CLI_SUITE], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, MCP_E2E_TARGET: target },
  });
  const timer = setTimeout(
    () => {
      console.error(
        `test:built: ${target} ran past ${RUN_LIMIT_MS / 60_000} minutes; stopping it.`,
      );
      child.kill('SIGTERM');
    },
    Math.max(0, deadline - Date.now()),
  );
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code ?? 1);
    }),
  );
}

async function main(): Promise<number> {
  const deadline = Date.now() + RUN_LIMIT_MS;
  const built = await buildHeadless();
  console.log(`Built ${built.path}; running ${BUILT_CLI_SUITE.length} e2e files against it.`);
  const failed: string[] = [];
  for (const target of TARGETS) {
    console.log(`\n=== MCP_E2E_TARGET=${target} ===`);
    if ((await runSuite(target, deadline)) !== 0) failed.push(target);
  }
  if (failed.length > 0) console.error(`test:built failed for: ${failed.join(', ')}`);
  return failed.length === 0 ? 0 : 1;
}

if (import.meta.main) process.exit(await main());
