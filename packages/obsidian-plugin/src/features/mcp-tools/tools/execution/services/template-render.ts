/**
 * One template run for execute_template: the template's arguments checked and filled in, then
 * Templater's rendering. Argument values may not contain Templater tags (`<%`): they are filled
 * in before Templater runs, so such a value would run as code the caller wrote.
 */
import { ToolError } from '@mcp-connector/shared';
import type { TemplaterAccess, VaultHost } from '../../../../../host/vault-host.ts';
import {
  argumentsWithTemplaterTags,
  fillTemplateArguments,
} from '@mcp-connector/markdown/template-arguments';

export interface RenderedTemplate {
  text: string;
  /** Given argument names the template neither declares nor uses. */
  unused: string[];
}

export function requireTemplater(host: VaultHost): TemplaterAccess {
  const templater = host.templater();
  if (templater !== null) return templater;
  const where =
    host.kind === 'headless'
      ? 'Templater runs only inside Obsidian; this server runs headless over the vault folder.'
      : 'The Templater plugin is not installed or not enabled in this vault; the user can install it from Community plugins.';
  throw new ToolError('templater_not_installed', where, { hostKind: host.kind });
}

export async function renderTemplate(
  templater: TemplaterAccess,
  template: { path: string; text: string },
  values: Readonly<Record<string, string>>,
  targetPath: string | null,
): Promise<RenderedTemplate> {
  refuseTemplaterTags(values);
  const filled = fillTemplateArguments(template.text, values);
  if (filled.missing.length > 0) {
    const list = filled.missing
      .map(({ name, description }) => (description === '' ? name : `${name} (${description})`))
      .join(', ');
    throw new ToolError(
      'invalid_arguments',
      `${template.path} needs these arguments: ${list}. Pass them in arguments.`,
      { missing: filled.missing },
    );
  }
  try {
    return {
      text: await templater.render(filled.text, template.path, targetPath),
      unused: filled.unused,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new ToolError(
      'template_failed',
      `Templater could not render ${template.path}: ${message}`,
      {
        templatePath: template.path,
      },
    );
  }
}

function refuseTemplaterTags(values: Readonly<Record<string, string>>): void {
  const tagged = argumentsWithTemplaterTags(values);
  if (tagged.length === 0) return;
  throw new ToolError(
    'invalid_arguments',
    `Argument values may not contain Templater tags ("<%"): ${tagged.join(', ')}.`,
    { arguments: tagged },
  );
}
