/**
 * The headless CLI as the npm registry gets it: a package named PRODUCT_NAMES.npmPackage whose
 * `bin` installs PRODUCT_NAMES.cliBinary, holding the bundle (dist/, from build-headless.ts), the
 * package's README and the LICENSE. Its package.json is made from packages/headless/package.json
 * (`publishManifest`): the workspace's name, devDependencies and source exports stay behind,
 * and the repository is named when known (npm's provenance check needs it to match the workflow
 * that publishes). `packHeadless` writes local-mcp-server-<version>.tgz with `npm pack`, the
 * tarball the GitHub release carries and `npm publish` sends.
 */
import { spawnSync } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRODUCT_NAMES } from '../../packages/shared/src/product-names.ts';
import { CLI_FILE, HEADLESS, buildHeadless, type BuiltCli } from '../build-headless.ts';

const ROOT = join(HEADLESS, '..', '..');

/** What of the workspace's package.json the published one keeps. */
interface WorkspacePackage {
  version: string;
  description: string;
  type: string;
  files: string[];
  engines: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

export interface PublishOptions {
  /** `owner/name` on GitHub, when known (the release workflow passes $GITHUB_REPOSITORY). */
  repository?: string | undefined;
}

export function publishManifest(
  workspace: WorkspacePackage,
  options: PublishOptions = {},
): Record<string, unknown> {
  const { repository } = options;
  return {
    name: PRODUCT_NAMES.npmPackage,
    version: workspace.version,
    description: workspace.description,
    license: 'MIT',
    type: workspace.type,
    bin: { [PRODUCT_NAMES.cliBinary]: `./dist/${CLI_FILE}` },
    files: workspace.files,
    engines: workspace.engines,
    ...(workspace.optionalDependencies !== undefined && {
      optionalDependencies: workspace.optionalDependencies,
    }),
    keywords: ['mcp', 'model-context-protocol', 'obsidian', 'markdown', 'notes'],
    ...(repository !== undefined && {
      repository: { type: 'git', url: `git+https://github.com/${repository}.git` },
      homepage: `https://github.com/${repository}#readme`,
    }),
  };
}

export async function readWorkspacePackage(): Promise<WorkspacePackage> {
  return JSON.parse(await readFile(join(HEADLESS, 'package.json'), 'utf8')) as WorkspacePackage;
}

/** Writes the package's folder (package.json, README, LICENSE) and builds dist/ into it. */
export async function stageHeadless(
  folder: string,
  options: PublishOptions = {},
): Promise<BuiltCli> {
  const manifest = publishManifest(await readWorkspacePackage(), options);
  await writeFile(join(folder, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await copyFile(join(HEADLESS, 'README.md'), join(folder, 'README.md'));
  await copyFile(join(ROOT, 'LICENSE'), join(folder, 'LICENSE'));
  return buildHeadless(join(folder, 'dist'));
}

/** Packs the published package into `outDir`; resolves with the tarball's path. */
export async function packHeadless(outDir: string, options: PublishOptions = {}): Promise<string> {
  const stage = await mkdtemp(join(tmpdir(), 'headless-package-'));
  try {
    await stageHeadless(stage, options);
    const pack = spawnSync('npm', ['pack', '--json', '--pack-destination', outDir], {
      cwd: stage,
      encoding: 'utf8',
    });
    if (pack.status !== 0) throw new Error(`npm pack failed: ${pack.stderr || pack.stdout}`);
    const [packed] = JSON.parse(pack.stdout) as { filename: string }[];
    if (packed === undefined) throw new Error(`npm pack named no tarball: ${pack.stdout}`);
    return join(outDir, packed.filename);
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}
