/**
 * Runs every check in order and gathers the report. The vault folder comes first: without it
 * nothing else can be looked at. Client files are read before the ports are probed, so the
 * ports they name are probed too (to tell this vault's server from another vault's).
 */
import { loadSettingsFile } from '../../settings/index.ts';
import { checkClients, portsNamedIn, readClientConfigs } from './checks/client-checks.ts';
import { checkLegacyClients } from './checks/legacy-checks.ts';
import { checkNode } from './checks/node-check.ts';
import { checkPort, checkServer, probeServers } from './checks/server-checks.ts';
import { checkSemantic } from './checks/semantic-check.ts';
import { checkSettings, checkTokens } from './checks/settings-checks.ts';
import { checkConfigFolder, checkHiddenFolders, checkVaultFolder } from './checks/vault-checks.ts';
import { deviceSecretsIn, settingsPathIn, type DoctorEnvironment } from './environment.ts';
import { reportOf, type DoctorReport } from './report.ts';

export async function runDoctor(env: DoctorEnvironment): Promise<DoctorReport> {
  const folder = await checkVaultFolder(env);
  if (folder.status === 'fail') return reportOf(env.vaultLabel, [folder]);
  // As the server reads it: valid slices used, invalid ones named; nothing moved or written.
  const file = await loadSettingsFile(settingsPathIn(env), false);
  const settings = file.unreadable ? null : file.settings;
  const clientFiles = await readClientConfigs(env);
  const secrets = deviceSecretsIn(env, file.moved.secrets);
  const probeSecret = settings?.tokens.map((token) => secrets[token.id]).find(Boolean) ?? null;
  const servers = await probeServers(env, settings, probeSecret, portsNamedIn(clientFiles));
  return reportOf(env.vaultLabel, [
    folder,
    await checkConfigFolder(env),
    checkSettings(env, file),
    checkTokens(env, file),
    checkPort(env, servers),
    checkServer(env, servers),
    checkClients(env, settings, clientFiles, servers),
    checkLegacyClients(env, clientFiles),
    await checkNode(env),
    await checkSemantic(env, file.invalid.includes('semantic') ? null : settings),
    await checkHiddenFolders(env, file.invalid.includes('hiddenFolders') ? null : settings),
  ]);
}
