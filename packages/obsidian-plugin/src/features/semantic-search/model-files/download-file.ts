/**
 * Downloads one pinned file into the models folder: into `<target>.part`, resuming a part left
 * by an interrupted attempt with an HTTP Range request (a server that ignores the range answers
 * 200 and the file restarts), then checks size and SHA-256 and only then renames it into place.
 * A file whose hash is wrong is deleted and fetched again, up to `attempts` times; it is never
 * renamed into place, so nothing ever loads it. A file whose hash is not known yet (trusted on
 * first use, ADR-0053) is kept when complete at its expected size, and its hash is returned for
 * the record.
 */
import type { Artifact } from './pinned-files.ts';
import { sha256Hex } from './pinned-files.ts';
import type { ModelFolder } from './model-folder.ts';

export type DownloadErrorCode =
  'hash_mismatch' | 'model_hashes_changed' | 'http_error' | 'network_error' | 'cancelled';

export class ModelDownloadError extends Error {
  constructor(
    readonly code: DownloadErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ModelDownloadError';
  }
}

/** The part of the web fetch a download uses (any platform's fetch fits). */
export type Fetch = (
  url: string,
  init: { headers: Record<string, string>; signal?: AbortSignal },
) => Promise<Response>;

export interface DownloadOptions {
  folder: ModelFolder;
  /**
   * The web fetch (streams, Range). Not Obsidian's requestUrl, which buffers a whole body (no
   * progress, no resume); the hub and the CDN both answer cross-origin requests.
   */
  fetch: Fetch;
  signal?: AbortSignal;
  /** Bytes gained (or, when a part is dropped, lost) since the last call: drives progress. */
  onBytes?: (delta: number) => void;
  /** What the download does now: fetching bytes, or checking the whole file's SHA-256. */
  onStage?: (stage: 'downloading' | 'verifying') => void;
  /** The file came in with other bytes than pinned; it was deleted and is fetched again. */
  onRefused?: (error: ModelDownloadError) => void;
  attempts?: number;
}

export function partOf(target: string): string {
  return `${target}.part`;
}

/** Returns the SHA-256 of the file it kept. */
export async function downloadFile(artifact: Artifact, options: DownloadOptions): Promise<string> {
  const attempts = options.attempts ?? 3;
  let failure: ModelDownloadError | null = null;
  const aborted = () => options.signal?.aborted === true;
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (aborted()) throw cancelled();
    options.onStage?.('downloading');
    try {
      await fetchRemainder(artifact, options);
    } catch (error) {
      if (aborted()) throw cancelled();
      failure = asDownloadError(error, artifact);
      continue; // what was written stays in the part and the next attempt resumes it
    }
    options.onStage?.('verifying');
    const kept = await verifyPart(artifact, options);
    if (kept !== null) {
      await options.folder.rename(partOf(artifact.target), artifact.target);
      return kept;
    }
    failure = new ModelDownloadError(
      'hash_mismatch',
      `${artifact.target} did not match its pinned SHA-256 and was deleted (the source sent other bytes than the pinned release).`,
    );
    if (attempt + 1 < attempts) options.onRefused?.(failure);
  }
  throw (
    failure ?? new ModelDownloadError('network_error', `${artifact.target} was not downloaded.`)
  );
}

/** Appends to the part what it still lacks; returns when the part has `artifact.bytes`. */
async function fetchRemainder(artifact: Artifact, options: DownloadOptions): Promise<void> {
  const { folder } = options;
  const part = partOf(artifact.target);
  let have = (await folder.size(part)) ?? 0;
  if (have > artifact.bytes) {
    await dropPart(part, have, options);
    have = 0;
  }
  if (have === artifact.bytes) return;
  const response = await options.fetch(artifact.url, {
    headers: have > 0 ? { Range: `bytes=${have}-` } : {},
    ...(options.signal !== undefined && { signal: options.signal }),
  });
  let offset = have;
  if (response.status === 200 && have > 0) {
    options.onBytes?.(-have); // the server ignored the range: start over
    offset = 0;
  } else if (response.status === 206) {
    if (rangeStart(response) !== have) throw new Error('the server sent another range');
  } else if (response.status !== 200) {
    await response.body?.cancel();
    throw new ModelDownloadError('http_error', `${artifact.url} answered HTTP ${response.status}.`);
  }
  if (response.body === null) throw new Error('the response had no body');
  const writer = await folder.writer(part, offset);
  try {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (offset + value.length > artifact.bytes) {
        await reader.cancel();
        throw new Error('the file is larger than pinned');
      }
      await writer.write(value);
      offset += value.length;
      options.onBytes?.(value.length);
    }
  } finally {
    await writer.close();
  }
  if (offset !== artifact.bytes) throw new Error(`the connection ended after ${offset} bytes`);
}

/** The part's SHA-256 when it is the expected file; else null, and the part is gone. */
async function verifyPart(artifact: Artifact, options: DownloadOptions): Promise<string | null> {
  const part = partOf(artifact.target);
  const bytes = await options.folder.read(part);
  if (bytes !== null && bytes.length === artifact.bytes) {
    const sha256 = await sha256Hex(bytes);
    if (artifact.sha256 === null || sha256 === artifact.sha256) return sha256;
  }
  await dropPart(part, bytes?.length ?? 0, options);
  return null;
}

async function dropPart(part: string, bytes: number, options: DownloadOptions): Promise<void> {
  await options.folder.remove(part);
  options.onBytes?.(-bytes);
}

function rangeStart(response: Response): number | null {
  const match = /^bytes (\d+)-/.exec(response.headers.get('content-range') ?? '');
  return match === null ? null : Number(match[1]);
}

function cancelled(): ModelDownloadError {
  return new ModelDownloadError('cancelled', 'The download was cancelled.');
}

function asDownloadError(error: unknown, artifact: Artifact): ModelDownloadError {
  if (error instanceof ModelDownloadError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new ModelDownloadError(
    'network_error',
    `${artifact.target} could not be downloaded (${reason}); check the network connection and try again.`,
  );
}
