/**
 * The zip writer the .mcpb uses: fflate, the library @anthropic-ai/mcpb itself packs and unpacks
 * bundles with. It is loaded on the first export, not with the plugin or the server: its tables
 * cost start-up time and about 2 MB of every idle server's memory (ADR-0022). Its function is
 * typed here once: typescript-eslint's project service does not resolve fflate's conditional
 * `exports` types (tsc does, and checks this signature).
 */
type ZipSync = (files: Record<string, Uint8Array>, options: { mtime: string }) => Uint8Array;

/**
 * Every entry's date. fflate stamps the current time by default, in the zip format's 2-second
 * steps, so one token's bundle came out different from one export to the next (and a test that
 * built it twice failed when a step fell between them); a fixed date makes the same files the
 * same bytes.
 */
const ENTRY_DATE = '2026-01-01T00:00:00';

export async function zipFiles(files: Record<string, Uint8Array>): Promise<Uint8Array> {
  const zipSync: ZipSync = (await import('fflate')).zipSync;
  return zipSync(files, { mtime: ENTRY_DATE });
}

const encoder = new TextEncoder();

export function utf8Bytes(text: string): Uint8Array {
  return encoder.encode(text);
}
