/**
 * The release files .github/workflows/release.yml attests and uploads: its ASSETS list, one
 * path a line, with the tag (`${{ github.ref_name }}`) put in. The tests compare it with what
 * `bun run release` writes.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';

export const WORKFLOWS = join(import.meta.dir, '..', '..', '.github', 'workflows');
export const RELEASE_WORKFLOW = join(WORKFLOWS, 'release.yml');

export interface Workflow {
  on: unknown;
  env?: Record<string, string>;
  jobs: Record<string, Job>;
}

export interface Job {
  needs?: string | string[];
  container?: string;
  permissions?: Record<string, string>;
  env?: Record<string, string>;
  steps: Step[];
}

export interface Step {
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
}

export async function readWorkflow(path: string): Promise<Workflow> {
  return parse(await readFile(path, 'utf8')) as Workflow;
}

/** ASSETS of the release workflow, for the tag `version`. */
export async function workflowAssets(version: string): Promise<string[]> {
  const workflow = await readWorkflow(RELEASE_WORKFLOW);
  const assets = workflow.env?.ASSETS ?? '';
  return assets
    .replaceAll('${{ github.ref_name }}', version)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
