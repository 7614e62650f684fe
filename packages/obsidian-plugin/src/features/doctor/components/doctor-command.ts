/**
 * The palette command "MCP Connector: Check the setup (doctor)": runs the doctor over the open vault and
 * shows the report in a modal, each fix worded for Obsidian (the settings tab, the plugin list).
 * The modal is composed (a plain `Modal`), not subclassed, so loading the bundle defines no class
 * over Obsidian's at start-up.
 */
import { FileSystemAdapter, Modal, type App, type Plugin } from 'obsidian';
import { homedir } from 'node:os';
import { smartConnectionsAccess } from '../../semantic-search/index.ts';
import type { SemanticSettings } from '@mcp-connector/shared';
import { runDoctor } from '../services/doctor.ts';
import type { DoctorAdvice, DoctorEnvironment, ModelPresence } from '../services/environment.ts';
import { formatReport, type DoctorReport } from '../services/report.ts';

const ADVICE: DoctorAdvice = {
  addToken:
    'add a token in the MCP Connector settings (Settings, Community plugins, MCP Connector)',
  startServer:
    'turn MCP Connector off and on again in Settings, Community plugins (a notice says why it could not start)',
  fixPort: 'choose another port in the MCP Connector settings',
  editSettings:
    'remove that key from the file and turn the plugin off and on (it uses its defaults for the slice)',
  copyClientConfig: "copy that client's configuration again from the MCP Connector settings",
  semanticSettings:
    'choose another provider in the MCP Connector settings (Semantic search), or turn semantic search off there',
};

export function addDoctorCommand(plugin: Plugin): void {
  plugin.addCommand({
    id: 'check-setup',
    name: 'Check the setup (doctor)',
    callback: () => {
      void runDoctor(environmentOf(plugin)).then((report) => showReport(plugin.app, report));
    },
  });
}

function environmentOf(plugin: Plugin): DoctorEnvironment {
  const adapter = plugin.app.vault.adapter;
  const vault = adapter instanceof FileSystemAdapter ? adapter.getBasePath() : '';
  return {
    vault,
    vaultLabel: `vault "${plugin.app.vault.getName()}"`,
    configDir: plugin.app.vault.configDir,
    pluginId: plugin.manifest.id,
    clients: { home: homedir(), platform: process.platform, env: process.env },
    advice: ADVICE,
    semanticModel: (settings) => modelPresence(plugin.app, settings),
  };
}

/** In Obsidian a model runs only through Smart Connections for now. */
async function modelPresence(app: App, settings: SemanticSettings): Promise<ModelPresence> {
  const smart = settings.provider === 'auto' || settings.provider === 'smart-connections';
  if (smart && smartConnectionsAccess(app) !== null)
    return { status: 'ok', summary: "Smart Connections' model is loaded" };
  return {
    status: 'warn',
    summary:
      'no model can run inside Obsidian for this provider here (Smart Connections is not loaded): search_vault_smart cannot rank by meaning',
  };
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
