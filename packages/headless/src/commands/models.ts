/**
 * `models --vault DIR [status | download]`: the native model headless reads from the
 * vault's plugin folder (.obsidian/plugins/local-mcp-server/models/, the folder Obsidian's
 * download fills too). `download` is the user's consent: it fetches the pinned files from the
 * Hugging Face hub, checks each SHA-256 and prints a progress line every few seconds.
 */
import {
  installLine,
  nativeModelOf,
  throttled,
} from '@mcp-connector/obsidian-plugin/semantic-search';
import { SettingsStore } from '@mcp-connector/obsidian-plugin/settings';
import { headlessModels, settingsPathOf } from '../serve.ts';
import { UsageError, parseOptions, requireOption, type Command } from './usage.ts';
import { requireVaultFolder } from './vault-folder.ts';

export const modelsCommand: Command = {
  name: 'models',
  usage: '--vault DIR [status | download]',
  run: runModels,
};

async function runModels(args: string[]): Promise<number> {
  const { values, positionals } = parseOptions(args, { vault: { type: 'string' } }, true);
  const vault = await requireVaultFolder(requireOption(values.vault, '--vault DIR'));
  const action = positionals[0] ?? 'status';
  if (action !== 'status' && action !== 'download')
    throw new UsageError(`Unknown models action "${action}": use status or download.`);
  const settings = await SettingsStore.open(settingsPathOf(vault));
  const model = nativeModelOf(settings.current.semantic);
  settings.close();
  const models = headlessModels();
  if (action === 'status') {
    console.log(installLine(await models.refresh(model)));
    return 0;
  }
  const stop = models.onChange(throttled((status) => console.error(installLine(status)), 3000));
  const status = await models.download(model);
  stop();
  console.log(installLine(status));
  return status.state === 'installed' ? 0 : 1;
}
