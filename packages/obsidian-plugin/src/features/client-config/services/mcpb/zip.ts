/**
 * The zip writer the .mcpb uses: fflate, the library @anthropic-ai/mcpb itself packs and unpacks
 * bundles with. It is loaded on the first export, not with the plugin or the server: its tables
 * cost start-up time and about 2 MB of every idle server's memory (ADR-0022). Its function is
 * typed here once: typescript-eslint's project service does not resolve fflate's conditional
 * `exports` types (tsc does, and checks this signature).
 */
type ZipSync = (files: Record<string, Uint8Array>) => Uint8Array;

export async function zipFiles(files: Record<string, Uint8Array>): Promise<Uint8Array> {
  const zipSync: ZipSync = (await import('fflate')).zipSync;
  return zipSync(files);
}

const encoder = new TextEncoder();

export function utf8Bytes(text: string): Uint8Array {
  return encoder.encode(text);
}
