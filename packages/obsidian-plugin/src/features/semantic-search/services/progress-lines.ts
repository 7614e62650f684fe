/**
 * The one wording of progress, for the status bar, the settings, the headless log and MCP
 * progress notifications: notes done of the total, the measured rate and the time left; bytes
 * for a model download. `throttled` keeps a log to one line every few seconds while a build or a
 * download runs, and always passes a change of state (started, ready, failed).
 */
import { durationText } from '@mcp-connector/shared';
import type { InstallStatus } from '../model-files/model-installer.ts';
import type { Artifact } from '../model-files/pinned-files.ts';
import { KEYWORD_ONLY_ID } from '../providers/keyword-only.ts';
import type { NativeModelSpec } from '../providers/native-models.ts';
import type { IndexStatus } from './index-status.ts';

export function progressLine(status: IndexStatus): string {
  if (status.state === 'ready' && status.providerId === KEYWORD_ONLY_ID)
    return `Keyword index ready: ${status.filesTotal} notes. No model is installed yet, so search_vault_smart ranks by keywords until one is.`;
  if (status.state === 'ready')
    return `Semantic index ready: ${status.filesTotal} notes, ${status.chunks} chunks (${status.providerId}).`;
  if (status.state === 'failed') return `Semantic index failed: ${status.error ?? 'unknown error'}`;
  const pace =
    status.notesPerSecond === 0
      ? ''
      : `, ${status.notesPerSecond.toFixed(1)} notes/s, about ${durationText(status.retryAfterSeconds)} left`;
  return `Semantic index: ${status.filesIndexed} of ${status.filesTotal} notes (${status.percent}%${pace}, ${status.providerId}).`;
}

export function installLine(status: InstallStatus): string {
  return `${stateLine(status)}${firstUseNote(status)}`;
}

function stateLine(status: InstallStatus): string {
  const total = megabytes(status.bytesTotal);
  switch (status.state) {
    case 'installed':
      return `Semantic search model installed (${status.modelId}, ${total}).${refusedNote(status)}`;
    case 'failed':
      return `The semantic search model could not be downloaded: ${status.error ?? 'unknown error'}`;
    case 'unavailable':
      return status.error ?? `${status.modelId} cannot be installed.`;
    case 'not_installed':
      return status.bytesDone === 0
        ? `Semantic search model not installed (${status.modelId}, ${total}).`
        : `Semantic search model not installed: ${megabytes(status.bytesDone)} of ${total} downloaded so far, kept for the next download to resume (${status.modelId}).`;
    case 'verifying':
      return `Checking ${status.file ?? 'the files'} against its pinned SHA-256 (${status.percent}% of ${total} downloaded).${refusedNote(status)}`;
    case 'downloading': {
      const rate = status.bytesPerSecond === null ? '' : `, ${megabytes(status.bytesPerSecond)}/s`;
      const eta =
        status.etaSeconds === null ? '' : `, about ${durationText(status.etaSeconds)} left`;
      return `Downloading the semantic search model: ${megabytes(status.bytesDone)} of ${total} (${status.percent}%${rate}${eta}).${refusedNote(status)}`;
    }
  }
}

/** For a model trusted on first use (ADR-0053): what its files are checked against, in words. */
function firstUseNote(status: InstallStatus): string {
  const { firstUse, state } = status;
  if (firstUse === null || state === 'unavailable') return '';
  const revision = firstUse.revision.slice(0, 7);
  if (firstUse.recordedAt === null)
    return ` Nobody we could check publishes this model's SHA-256, so the first download's (revision ${revision}) will be recorded on this device, and later downloads must match them.`;
  return ` Trusted on first use: its SHA-256 were recorded on this device on ${firstUse.recordedAt.slice(0, 10)} from the first download (revision ${revision}); a download that brings other files is refused.`;
}

/**
 * What a download of `model` fetches, said before the user agrees: the model's files and the
 * runtime, how big, from which host (and hub revision), into which folder, and that every file
 * is checked. `folder` is as the user finds it (vault-relative).
 */
export function consentLine(
  model: NativeModelSpec,
  artifacts: readonly Artifact[],
  folder: string,
): string {
  const own = artifacts.filter((artifact) => artifact.target.startsWith(`${model.modelId}/`));
  const runtime = artifacts.filter((artifact) => !own.includes(artifact));
  const pinned = model.pins?.revision ?? model.firstUse?.revision;
  const revision = pinned === undefined ? '' : ` at revision ${pinned.slice(0, 7)}`;
  const parts = [
    `${model.modelId}'s ${count(own.length, 'file')} (${megabytes(sum(own))}) from ${hostOf(own)}${revision}`,
  ];
  if (runtime.length > 0)
    parts.push(`the WebAssembly runtime (${megabytes(sum(runtime))}) from ${hostOf(runtime)}`);
  const check = own.some((artifact) => artifact.sha256 === null)
    ? `No SHA-256 is published for ${model.modelId}'s files: each is kept when complete at its known size, and their SHA-256 are recorded on this device for every later download and start to match`
    : 'Each file is checked against its pinned SHA-256 before it is kept';
  return `The download fetches ${megabytes(sum(artifacts))}: ${parts.join(' and ')}, into ${folder}. ${check}; nothing about your notes is sent.`;
}

function sum(artifacts: readonly Artifact[]): number {
  return artifacts.reduce((total, artifact) => total + artifact.bytes, 0);
}

function hostOf(artifacts: readonly Artifact[]): string {
  return [...new Set(artifacts.map((artifact) => new URL(artifact.url).host))].join(' and ');
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** " tiny/a.json did not match its pinned SHA-256 and was downloaded again." or "". */
function refusedNote(status: InstallStatus): string {
  const files = status.refused;
  if (files.length === 0) return '';
  const one = files.length === 1;
  return ` ${files.join(', ')} did not match ${one ? 'its' : 'their'} pinned SHA-256 and ${one ? 'was' : 'were'} downloaded again.`;
}

/** Passes every change of `state`, and otherwise at most one report every `everyMs`. */
export function throttled<T extends { state: string }>(
  report: (status: T) => void,
  everyMs: number,
  now: () => number = Date.now,
): (status: T) => void {
  let lastState: string | null = null;
  let lastAt = -Infinity;
  return (status) => {
    const at = now();
    if (status.state === lastState && at - lastAt < everyMs) return;
    lastState = status.state;
    lastAt = at;
    report(status);
  };
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
