/**
 * The palette command "Local MCP Server: Check the setup (doctor)": runs the doctor over the open vault and
 * shows the report in a modal, each fix worded for Obsidian (the settings tab, the plugin list).
 * The modal is composed (a plain `Modal`), not subclassed, so loading the bundle defines no class
 * over Obsidian's at start-up.
 */
import { FileSystemAdapter, Modal, type App, type Plugin } from 'obsidian';
import { homedir } from 'node:os';
import {
  ModelInstaller,
  installLine,
  nativeModelOf,
  nodeFirstUseRecords,
  nodeModelFolder,
  smartConnectionsAccess,
} from '../../semantic-search/index.ts';
import { deviceRoots, thisDevice, type SemanticSettings } from '@mcp-connector/shared';
import type { DoctorAdvice, DoctorEnvironment, ModelPresence } from '../services/environment.ts';
import { formatReport, type DoctorReport } from '../services/report.ts';

const ADVICE: DoctorAdvice = {
  addToken:
    'add a token in the Local MCP Server settings (Settings, Community plugins, Local MCP Server)',
  startServer:
    'turn Local MCP Server off and on again in Settings, Community plugins (a notice says why it could not start)',
  fixPort: 'choose another port in the Local MCP Server settings',
  editSettings:
    'remove that key from the file and turn the plugin off and on (it uses its defaults for the slice)',
  copyClientConfig: "copy that client's configuration again from the Local MCP Server settings",
  replaceLegacyEntry:
    "put a fresh entry in its place: copy it from the token's row in the Local MCP Server settings (Access control), download a new .mcpb there for a bundle, or turn Keep Claude Desktop in sync off and on",
  semanticSettings:
    'choose another provider in the Local MCP Server settings (Semantic search), or turn semantic search off there',
};

export function addDoctorCommand(plugin: Plugin): void {
  plugin.addCommand({
    id: 'check-setup',
    name: 'Check the setup (doctor)',
    callback: () => {
      // The checks (they probe the port as the transport would) load when the command runs.
      void import('../services/doctor.ts')
        .then(({ runDoctor }) => runDoctor(environmentOf(plugin)))
        .then((report) => showReport(plugin.app, report));
    },
  });
}

function environmentOf(plugin: Plugin): DoctorEnvironment {
  return {
    vault: vaultOf(plugin),
    vaultLabel: `vault "${plugin.app.vault.getName()}"`,
    configDir: plugin.app.vault.configDir,
    pluginId: plugin.manifest.id,
    clients: { home: homedir(), platform: process.platform, env: process.env },
    advice: ADVICE,
    semanticModel: (settings) => modelPresence(plugin, settings),
  };
}

/**
 * In Obsidian: Smart Connections' model when `auto` finds it loaded, else the native model's
 * files in this device's models folder (ADR-0033) (downloaded with the user's consent), without which
 * search_vault_smart ranks by keywords; `offline` runs headless only.
 */
async function modelPresence(plugin: Plugin, settings: SemanticSettings): Promise<ModelPresence> {
  const smart = settings.provider === 'auto' || settings.provider === 'smart-connections';
  if (smart && smartConnectionsAccess(plugin.app) !== null)
    return { status: 'ok', summary: "Smart Connections' model is loaded" };
  if (settings.provider === 'offline' || settings.provider === 'smart-connections')
    return {
      status: 'warn',
      summary: `the ${settings.provider === 'offline' ? 'offline model runs on the headless server only' : 'Smart Connections plugin is not loaded'}: search_vault_smart is unavailable (search_vault_simple still works)`,
    };
  const installer = new ModelInstaller({
    folder: nodeModelFolder(deviceRoots(thisDevice()).models),
    runtime: true,
    records: nodeFirstUseRecords(deviceRoots(thisDevice()).modelTrust),
    fetch: () => Promise.reject(new Error('the doctor downloads nothing')),
  });
  const files = await installer.refresh(nativeModelOf(settings));
  if (files.state === 'installed') return { status: 'ok', summary: installLine(files) };
  return {
    status: 'warn',
    summary: `${installLine(files)} search_vault_smart ranks by keywords until it is`,
    fix: 'Run the command "Local MCP Server: Download the semantic search model".',
  };
}

function vaultOf(plugin: Plugin): string {
  const adapter = plugin.app.vault.adapter;
  return adapter instanceof FileSystemAdapter ? adapter.getBasePath() : '';
}

function showReport(app: App, report: DoctorReport): void {
  const modal = new Modal(app);
  modal.titleEl.setText('Setup check (doctor)');
  modal.onOpen = () => {
    modal.contentEl.createEl('pre', {
      cls: 'mcp-connector-doctor',
      text: formatReport(report).join('\n'),
    });
  };
  modal.onClose = () => modal.contentEl.empty();
  modal.open();
}
