/**
 * Access to other plugins and to the command palette, for ObsidianHost. None of these are in
 * Obsidian's public typings (`app.plugins`, `app.commands`, Dataview's and Templater's APIs), so
 * each is reached through a small duck-typed view and checked before use; a plugin that is
 * missing or changed its API reads as not installed rather than crashing a tool.
 */
import type { App, TFile } from 'obsidian';
import type {
  CommandAccess,
  DataviewAccess,
  DataviewQueryResult,
  TemplaterAccess,
} from '../vault-host.ts';

interface PluginRegistry {
  enabledPlugins?: Set<string>;
  getPlugin?(id: string): unknown;
}

interface DataviewPlugin {
  api?: {
    index?: { initialized?: boolean };
    query?(source: string, originFile?: string): Promise<DataviewQueryResult>;
  };
}

interface TemplaterPlugin {
  templater?: {
    parse_template?(config: Record<string, unknown>, content: string): Promise<string>;
  };
}

interface CommandRegistry {
  listCommands?(): { id: string; name: string }[];
  executeCommandById?(id: string): boolean;
}

/** Templater's RunMode.DynamicProcessor: render text without writing any file. */
const TEMPLATER_DYNAMIC_PROCESSOR = 4;

function enabledPlugin(app: App, id: string): unknown {
  const plugins = (app as unknown as { plugins?: PluginRegistry }).plugins;
  if (plugins?.enabledPlugins !== undefined && !plugins.enabledPlugins.has(id)) return undefined;
  return plugins?.getPlugin?.(id) ?? undefined;
}

export function dataviewAccess(app: App): DataviewAccess {
  const api = (enabledPlugin(app, 'dataview') as DataviewPlugin | undefined)?.api;
  if (typeof api?.query !== 'function') return { status: 'not_installed' };
  if (api.index?.initialized === false) return { status: 'not_ready' };
  return {
    status: 'ready',
    query: (source, originFile) => (api.query as NonNullable<typeof api.query>)(source, originFile),
  };
}

export function templaterAccess(app: App): TemplaterAccess | null {
  const templater = (enabledPlugin(app, 'templater-obsidian') as TemplaterPlugin | undefined)
    ?.templater;
  if (templater === undefined || typeof templater.parse_template !== 'function') return null;
  return {
    render: (text, templatePath, targetPath) => {
      const templateFile = app.vault.getFileByPath(templatePath);
      const targetFile: TFile | null =
        targetPath === null ? null : app.vault.getFileByPath(targetPath);
      const config = {
        template_file: templateFile,
        target_file: targetFile ?? templateFile,
        run_mode: TEMPLATER_DYNAMIC_PROCESSOR,
        active_file: app.workspace.getActiveFile(),
      };
      return (templater.parse_template as NonNullable<typeof templater.parse_template>)(
        config,
        text,
      );
    },
  };
}

export function commandAccess(app: App): CommandAccess | null {
  const commands = (app as unknown as { commands?: CommandRegistry }).commands;
  if (
    typeof commands?.listCommands !== 'function' ||
    typeof commands.executeCommandById !== 'function'
  )
    return null;
  const registry = commands as Required<CommandRegistry>;
  return {
    list: () => registry.listCommands().map(({ id, name }) => ({ id, name })),
    execute: (id) => registry.executeCommandById(id),
  };
}
