/**
 * The result of reading one vault file, shared by get_vault_file, get_vault_files and
 * get_active_file: text (capped, with its revision; "json" adds frontmatter, tags and stat),
 * images and audio up to 10 MiB as native MCP content, other binary files described only.
 */
import { ToolError } from '@mcp-connector/shared';
import type { VaultFile, VaultHost } from '../../../host/vault-host.ts';
import { withContent, type ToolOutput } from '../tool-output.ts';
import { fileKind } from '../../../host/file-kinds.ts';
import { readText } from './note-access.ts';
import { revisionOf } from './revision.ts';
import { bareTags } from './tags.ts';
import { capText } from './text-cap.ts';

export const MAX_MEDIA_BYTES = 10 * 1024 * 1024;

export type ReadFormat = 'text' | 'json';

export async function readFileResult(
  host: VaultHost,
  file: VaultFile,
  format: ReadFormat = 'text',
): Promise<ToolOutput> {
  const kind = fileKind(file.extension);
  if (kind.kind === 'text') return readTextResult(host, file, format);
  if (kind.kind === 'binary') {
    throw new ToolError(
      'unsupported',
      `${file.path} is a binary file (.${file.extension}, ${file.stat.size} bytes) that has no text to read.`,
      {
        path: file.path,
        size: file.stat.size,
      },
    );
  }
  if (file.stat.size > MAX_MEDIA_BYTES) {
    throw new ToolError(
      'too_large',
      `${file.path} is ${file.stat.size} bytes; images and audio are returned up to 10 MiB.`,
      { path: file.path },
    );
  }
  const bytes = await host.readBinary(file.path);
  const data = Buffer.from(bytes).toString('base64');
  const description = {
    path: file.path,
    mimeType: kind.mimeType,
    size: bytes.byteLength,
    revision: revisionOf(bytes),
  };
  return withContent(description, [{ type: kind.kind, data, mimeType: kind.mimeType }]);
}

async function readTextResult(
  host: VaultHost,
  file: VaultFile,
  format: ReadFormat,
): Promise<Record<string, unknown>> {
  const { content, revision } = await readText(host, file);
  const capped = capText(content);
  const result: Record<string, unknown> = { path: file.path, content: capped.text, revision };
  if (capped.truncated) {
    result.text_truncated = true;
    result.hint = `Showing ${Buffer.byteLength(capped.text)} of ${capped.totalBytes} bytes. Read on with get_vault_file_partial (mode "lines", startLine ${capped.nextLine}).`;
  }
  if (format === 'json') {
    result.frontmatter = host.getFileCache(file.path)?.frontmatter ?? {};
    result.tags = bareTags(host.getAllTags(file.path));
    result.stat = file.stat;
  }
  return result;
}
