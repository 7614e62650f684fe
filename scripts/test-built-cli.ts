/**
 * `bun run test:built` (the gate's last step): builds the headless CLI, then runs the e2e files
 * whose behaviour depends on what serves (ON_BUILT_CLI: the transport, the bytes on the wire, the
 * bundle's threads and caches, several processes) against it as a child process under the system
 * Node, once over HTTP (`serve --json`) and once over stdio (each client launching `serve --stdio
 * --token`). Tool behaviour is the same code whatever serves it, so the tool files run once, in
 * process (`bun test`). Bounded: every test has TEST_TIMEOUT_MS, and each target's run is stopped
 * after RUN_LIMIT_MS.
 */
import { spawn } from 'node:child_process';
import { Glob } from 'bun';
import { join } from 'node:path';
import { buildHeadless } from './build-headless.ts';

const ROOT = join(import.meta.dir, '..');
const E2E = 'packages/headless/src/e2e';

/**
 * E2E files that also run against the built CLI, each with what differs between in-process,
 * HTTP and stdio for it. Every e2e file is in exactly one of the two lists
 * (scripts/test-built-cli.test.ts checks), so a new file says where it runs.
 */
export const ON_BUILT_CLI: Readonly<Record<string, string>> = {
  'transport.e2e.test.ts': 'the transport itself: framing, sessions, both lines, notifications',
  'bad-input.e2e.test.ts':
    "every tool's refusals as they cross the wire, from the bundle's registry",
  'errors-and-bytes.e2e.test.ts': 'error texts and bytes as they cross the wire',
  'index-building.e2e.test.ts': "the bundle's parse threads and the index gate of a child process",
  'warm-restart.e2e.test.ts': "the bundle's metadata cache and text store across a restart",
  'change-journal/journal-sweep.e2e.test.ts':
    'every write tool for real, with the libraries bundled into the CLI',
  'change-journal/shared-journal.e2e.test.ts': 'several server processes on one journal',
  'tool-policy.e2e.test.ts': 'per-token lists and list-changed notifications on each transport',
  'prompts.e2e.test.ts': 'prompts and their list-changed notifications on each transport',
  'tools/search.e2e.test.ts': 'the regex engines as bundled',
  'long-work.e2e.test.ts': 'progress notifications and cancellation as each transport carries them',
  'tasks.e2e.test.ts': 'tasks reached across stateless requests, per transport',
  'tools/bases.e2e.test.ts': 'YAML, Moment and the regex engine as bundled into the CLI',
};

/** E2E files that run in process only, each with why. */
export const IN_PROCESS_ONLY: Readonly<Record<string, string>> = {
  'change-journal/crash-recovery.e2e.test.ts': 'kills child servers of its own',
  'connection-starvation.e2e.test.ts': 'starts servers with test-sized limits in this process',
  'change-journal/journal-behaviour.e2e.test.ts':
    'journal semantics: the same code on every target',
  'change-journal/hidden-history.e2e.test.ts':
    'history through the guard: the same code on every target',
  'change-journal/long-undo-chain.e2e.test.ts': 'plants a journal for an in-process server',
  'change-journal/outside-edits.e2e.test.ts': 'hooks the host of an in-process server',
  'change-journal/planted-records.e2e.test.ts': 'plants journal files for in-process servers',
  'change-journal/policy-follows.e2e.test.ts':
    'the one scope decision: the same code on every target',
  'change-journal/preconditions.e2e.test.ts': 'write preconditions: the same code on every target',
  'change-journal/settling.e2e.test.ts': 'runs child servers of its own',
  'change-journal/vault-relative-errors.e2e.test.ts':
    'error texts of batches and undos: the same code on every target',
  'client-config/connect-cli.e2e.test.ts': 'tests the connect command, not the server',
  'client-config/copy-config.e2e.test.ts': 'tests the generated snippets, not the server',
  'client-config/desktop-sync.e2e.test.ts':
    'syncs the in-process server into a Claude Desktop file',
  'client-config/impostor.e2e.test.ts':
    'runs the shim and the bridge against an in-process server and an impostor',
  'client-config/mcpb.e2e.test.ts':
    'exports bundles and runs their shim against in-process servers',
  'client-config/mcpb-fallback.e2e.test.ts': 'builds the CLI itself and runs it from a bundle',
  'client-config/python-bridge.e2e.test.ts': 'runs the Windows bridge against an in-process server',
  'connector-lifecycle.e2e.test.ts': 'starts and stops connectors in this process',
  'device-home.e2e.test.ts': 'starts its own servers and stdio children, under a HOME per device',
  'disk-full.e2e.test.ts': 'runs a child server of its own under a file size limit',
  'doctor.e2e.test.ts': 'tests the doctor, which probes whatever server runs',
  'hidden-folders.e2e.test.ts': 'the guard is the same code on every target',
  'hidden-folders-moves.e2e.test.ts': 'the guard is the same code on every target',
  'mcp-apps.e2e.test.ts':
    "the view's behaviour; the bundle serving its page is checked in build-headless.test.ts",
  'regex-budget.e2e.test.ts': 'runs the source CLI as a child of its own, to bound its CPU time',
  'settings-fail-closed.e2e.test.ts': 'starts a server per broken data.json in this process',
  'stdio-edges.e2e.test.ts': 'launches its own stdio processes with raw pipes',
  'shared-server.e2e.test.ts':
    'runs the source CLI as stdio relays and background servers of its own, a HOME per device',
  'stdio.e2e.test.ts':
    'runs the source CLI over stdio beside the target (node-stdio is that, built)',
  'tokens-cli.e2e.test.ts': 'tests the tokens command against the same data.json',
  'tools/canvas.e2e.test.ts': 'tool behaviour: the same code on every target',
  'tools/changes.e2e.test.ts': 'tool behaviour: the same code on every target',
  'tools/execution.e2e.test.ts': 'tool behaviour: the same code on every target',
  'tools/files.e2e.test.ts': 'tool behaviour (trash from the bundle: build-headless.test.ts)',
  'tools/frontmatter.e2e.test.ts': 'tool behaviour: the same code on every target',
  'tools/maintenance.e2e.test.ts': 'tool behaviour: the same code on every target',
  'tools/periodic.e2e.test.ts': 'tool behaviour: the same code on every target',
  'tools/sections.e2e.test.ts': 'tool behaviour: the same code on every target',
  'tools/semantic.e2e.test.ts':
    "injects the test models; the bundle's embedder thread is tested in build-headless.test.ts",
  'tools/structure.e2e.test.ts': 'tool behaviour: the same code on every target',
  'tools/tasks.e2e.test.ts': 'tool behaviour: the same code on every target',
  'tools/web.e2e.test.ts': 'reaches its page server through a test-only route set in this process',
  'transport-limits.e2e.test.ts': 'starts servers with test-sized limits in this process',
};

/** Every e2e file, relative to the e2e folder, sorted. */
export function e2eFiles(): string[] {
  return [...new Glob('**/*.e2e.test.ts').scanSync(join(ROOT, E2E))].sort();
}

/** The files run against the built CLI, as `bun test` arguments. */
export function builtCliSuite(): string[] {
  return Object.keys(ON_BUILT_CLI)
    .sort()
    .map((file) => `${E2E}/${file}`);
}

const TARGETS = ['node-http', 'node-stdio'] as const;
/** Each stdio client starts a Node process that scans the vault; the machine may be busy. */
const TEST_TIMEOUT_MS = 60_000;
/** A bound for a run that hangs, not a speed check (each test has its own timeout). */
const RUN_LIMIT_MS = 10 * 60_000;

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
