/**
 * The committed generated modules (the MCP Apps view, the stdio shim) are one exported string
 * constant under a "do not edit" header, formatted as the repository's Prettier config formats
 * it, so the staleness tests compare exactly what the build scripts write.
 */
import { writeFile } from 'node:fs/promises';
import { format, resolveConfig } from 'prettier';

export interface GeneratedString {
  path: string;
  /** Comment lines above the export, each starting with `//` or `/**`. */
  header: string[];
  exportName: string;
  value: string;
}

export async function generatedStringModule(module: GeneratedString): Promise<string> {
  const source = [
    ...module.header,
    `export const ${module.exportName} = ${JSON.stringify(module.value)};`,
    '',
  ].join('\n');
  const options = await resolveConfig(module.path);
  return format(source, { ...options, filepath: module.path });
}

export async function writeGeneratedModule(path: string, text: string): Promise<void> {
  await writeFile(path, text);
  console.log(`Wrote ${path} (${Buffer.byteLength(text)} bytes)`);
}
