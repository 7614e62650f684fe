/**
 * Gives a test NodeHost the plugin integrations only Obsidian has (Templater, the command
 * palette), as small scripted fakes, so the execution tools' Obsidian paths run in unit tests.
 * Everything else still goes to the real host.
 */
import type { CommandAccess, TemplaterAccess, VaultHost } from '../../../../../host/vault-host.ts';

export interface FakeIntegrations {
  templater?: TemplaterAccess;
  commands?: CommandAccess;
}

export function withIntegrations(host: VaultHost, fakes: FakeIntegrations): VaultHost {
  return new Proxy(host, {
    get(target, property) {
      if (property === 'templater' && fakes.templater) return () => fakes.templater;
      if (property === 'commands' && fakes.commands) return () => fakes.commands;
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}

/** A Templater that replaces `<% tp.file.title %>` and records what it was asked to render. */
export function fakeTemplater(): TemplaterAccess & {
  calls: { text: string; templatePath: string; targetPath: string | null }[];
} {
  const calls: { text: string; templatePath: string; targetPath: string | null }[] = [];
  return {
    calls,
    render: async (text, templatePath, targetPath) => {
      calls.push({ text, templatePath, targetPath });
      const title = (targetPath ?? templatePath).replace(/^.*\//, '').replace(/\.md$/, '');
      return text.replaceAll('<% tp.file.title %>', title);
    },
  };
}

/** A command palette with the given commands; `executed` lists the ids that ran. */
export function fakeCommands(
  commands: { id: string; name: string }[],
  refuse: string[] = [],
): CommandAccess & { executed: string[] } {
  const executed: string[] = [];
  return {
    executed,
    list: () => commands.map((command) => ({ ...command })),
    execute: (id) => {
      if (refuse.includes(id)) return false;
      executed.push(id);
      return true;
    },
  };
}
