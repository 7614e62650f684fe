/**
 * Node.js on the PATH this process inherited (Obsidian's, or the CLI's): whether `node` and `npx`
 * are there and which versions they report. Only the mcp-remote snippets need them; the .mcpb and
 * the synced Claude Desktop entry run on Claude Desktop's own Node. A macOS app started from the
 * Dock inherits a short PATH (no Homebrew folder), so a Node a terminal finds may be missing here,
 * which is why this looks at this process's PATH and not a login shell's.
 */
import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

/** One program found on the PATH, or null; `version` is null when it did not answer. */
export interface FoundProgram {
  path: string;
  version: string | null;
}

export interface NodeRuntime {
  node: FoundProgram | null;
  npx: FoundProgram | null;
  /** The command that installs Node on this platform, when there is one to offer (macOS). */
  installCommand: string | null;
}

export interface NodeRuntimeOptions {
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  /** How long one `--version` may take. */
  timeoutMs?: number;
}

/** Which paths need Node, in words the tab and the doctor both use. */
export const NODE_NEEDED_BY =
  'Only the mcp-remote configs need Node.js; the .mcpb and the synced Claude Desktop entry use the Node built into Claude Desktop.';

export const HOMEBREW_NODE = 'brew install node';

export async function detectNodeRuntime(options: NodeRuntimeOptions): Promise<NodeRuntime> {
  const [node, npx] = await Promise.all([
    findProgram('node', options),
    findProgram('npx', options),
  ]);
  return { node, npx, installCommand: options.platform === 'darwin' ? HOMEBREW_NODE : null };
}

/** One line saying what was found: "node v22.1.0 (/usr/bin/node), npx 10.2.0 (...)". */
export function describeNodeRuntime(runtime: NodeRuntime): string {
  const one = (name: string, found: FoundProgram | null) =>
    found === null
      ? `${name} not on the PATH`
      : `${name} ${found.version ?? '(no version answered)'} (${found.path})`;
  return `${one('node', runtime.node)}, ${one('npx', runtime.npx)}`;
}

async function findProgram(
  name: string,
  options: NodeRuntimeOptions,
): Promise<FoundProgram | null> {
  const path = await onPath(name, options);
  if (path === null) return null;
  return { path, version: await versionOf(path, options) };
}

async function onPath(name: string, options: NodeRuntimeOptions): Promise<string | null> {
  const folders = (options.env.PATH ?? options.env.Path ?? '').split(delimiter).filter(Boolean);
  const names =
    options.platform === 'win32'
      ? (options.env.PATHEXT ?? '.EXE;.CMD').split(';').map((ext) => `${name}${ext.toLowerCase()}`)
      : [name];
  for (const folder of folders) {
    for (const candidate of names) {
      const path = join(folder, candidate);
      if (await isExecutable(path, options.platform)) return path;
    }
  }
  return null;
}

async function isExecutable(path: string, platform: NodeJS.Platform): Promise<boolean> {
  try {
    if (!(await stat(path)).isFile()) return false;
    if (platform !== 'win32') await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function versionOf(path: string, options: NodeRuntimeOptions): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(
      path,
      ['--version'],
      {
        env: options.env,
        timeout: options.timeoutMs ?? 5_000,
        shell: options.platform === 'win32',
      },
      (error, stdout) => {
        const version = String(stdout).trim().split('\n')[0] ?? '';
        resolve(error !== null || version === '' ? null : version);
      },
    );
  });
}
