/**
 * execute_template: renders a Templater template. Declared arguments
 * (`<% tp.mcpTools.prompt("name", "description") %>`) are dropped and `{{name}}` placeholders
 * filled from `arguments` before Templater runs. Without createFile the rendered text comes back;
 * with it, the text becomes a new file at targetPath, checked before Templater runs; an existing
 * note there is replaced only when expectedRevision names its current revision. Path arguments are checked first: a bad path is `invalid_path` even headless.
 * Templater's own code can do anything, hence the destructive, open-world hints.
 */
import { ToolError } from '@mcp-connector/shared';
import { type } from 'arktype';
import type { VaultFile, VaultHost } from '../../../../host/vault-host.ts';
import { normalizeVaultPath } from '../../../../host/vault-path.ts';
import { defineTool } from '../../define-tool.ts';
import { isTextExtension } from '../../../../host/file-kinds.ts';
import { expectedRevisionArgument } from '../../services/arguments.ts';
import { assertFileRevision, editText, requireFile } from '../../services/note-access.ts';
import { revisionOf } from '../../services/revision.ts';
import { capText } from '../../services/text-cap.ts';
import { refuseRevisionForMissing, requireTextFile } from '../../services/whole-file-edits.ts';
import { renderTemplate, requireTemplater } from './services/template-render.ts';

export const executeTemplate = defineTool({
  name: 'execute_template',
  title: 'Run template',
  description:
    'Render a Templater template; createFile saves it at targetPath (an existing note only at expectedRevision).',
  input: () =>
    type({
      templatePath: 'string',
      'targetPath?': 'string',
      'createFile?': 'boolean',
      'arguments?': 'Record<string, string>',
      'expectedRevision?': expectedRevisionArgument,
    }),
  unfilterable: true,
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: false,
    openWorldHint: true,
  },
  handler: async (
    { templatePath, targetPath, createFile, arguments: values, expectedRevision },
    ctx,
  ) => {
    normalizeVaultPath(templatePath, ctx.host.configDir);
    const target =
      targetPath === undefined ? null : normalizeVaultPath(targetPath, ctx.host.configDir);
    const templater = requireTemplater(ctx.host);
    const template = requireTextFile(requireFile(ctx.host, templatePath));
    const existing =
      createFile === true ? requireTargetPath(ctx.host, target, expectedRevision) : null;
    if (existing !== null) await assertFileRevision(ctx.host, existing, expectedRevision);
    const text = await ctx.host.read(template.path);
    const rendered = await renderTemplate(
      templater,
      { path: template.path, text },
      values ?? {},
      target,
    );
    const base = {
      templatePath: template.path,
      ...(rendered.unused.length > 0 && { unusedArguments: rendered.unused }),
    };
    if (createFile !== true || target === null)
      return { ...base, ...renderedText(rendered.text, target) };
    if (existing !== null) {
      const { revision } = await editText(
        ctx.host,
        existing,
        () => rendered.text,
        expectedRevision,
      );
      return { ...base, path: target, revision, created: false };
    }
    await ctx.host.create(target, rendered.text);
    return { ...base, path: target, revision: revisionOf(rendered.text), created: true };
  },
});

function renderedText(text: string, target: string | null): Record<string, unknown> {
  const capped = capText(text);
  return {
    targetPath: target,
    content: capped.text,
    ...(capped.truncated && { text_truncated: true, totalBytes: capped.totalBytes }),
  };
}

/** The note to replace at targetPath (null: a new one), checked before Templater runs. */
function requireTargetPath(
  host: VaultHost,
  target: string | null,
  expectedRevision: string | undefined,
): VaultFile | null {
  if (target === null)
    throw new ToolError('invalid_arguments', 'createFile needs targetPath, the new file to write.');
  const existing = host.getFile(target);
  if (host.getFolder(target) !== null || (existing !== null && expectedRevision === undefined)) {
    throw new ToolError(
      'already_exists',
      `${target} already exists; choose another targetPath, or pass its expectedRevision to replace it.`,
      { path: target },
    );
  }
  if (existing === null) refuseRevisionForMissing(target, expectedRevision);
  if (!isTextExtension(extensionOf(target))) {
    throw new ToolError(
      'invalid_arguments',
      `targetPath ${target} needs a text extension such as .md.`,
      { path: target },
    );
  }
  return existing;
}

function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1);
}
