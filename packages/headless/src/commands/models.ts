/**
 * `bun run models -- --vault DIR [status | download]`: the native model headless reads from the
 * vault's plugin folder (.obsidian/plugins/mcp-connector/models/, the folder Obsidian's
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
import { parseWithPositionals } from './usage.ts';

export async function runModels(args: string[]): Promise<void> {
  const { values, positionals } = parseWithPositionals(args, { vault: { type: 'string' } });
  if (values.vault === undefined) throw new Error('--vault DIR is required.');
  const settings = await SettingsStore.open(settingsPathOf(values.vault));
  const model = nativeModelOf(settings.current.semantic);
  settings.close();
  const models = headlessModels(values.vault);
  const action = positionals[0] ?? 'status';
  if (action === 'status') return console.log(installLine(await models.refresh(model)));
  if (action !== 'download')
    throw new Error(`Unknown models action "${action}": use status or download.`);
  const stop = models.onChange(throttled((status) => console.error(installLine(status)), 3000));
  const status = await models.download(model);
  stop();
  console.log(installLine(status));
  if (status.state !== 'installed') process.exitCode = 1;
}
