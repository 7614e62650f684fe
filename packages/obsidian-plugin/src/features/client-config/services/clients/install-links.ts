/**
 * One-click install links, for the clients that register a URL handler for them (Cursor, VS Code,
 * LM Studio). Each carries
 * the same server entry the client's copy-config snippet holds (one function makes both), the
 * token's secret included: the client shows it and asks before it installs.
 */
import type { ClientContext } from './client-snippet.ts';
import { cursorServer } from './cursor.ts';
import { vscodeServer } from './vscode.ts';

export interface InstallLink {
  /** The client's id in CLIENTS. */
  client: 'cursor' | 'vscode' | 'lm-studio';
  /** The button's text ("Add to Cursor"). */
  label: string;
  url: string;
}

/**
 * `cursor://anysphere.cursor-deeplink/mcp/install?name=NAME&config=BASE64`: the config is the
 * mcp.json entry, JSON then base64 (UTF-8). https://cursor.com/docs/mcp/install-links
 */
export function cursorInstallLink(context: ClientContext): string {
  return withNameAndConfig('cursor://anysphere.cursor-deeplink/mcp/install', context);
}

/**
 * `lmstudio://add_mcp?name=NAME&config=BASE64`, Cursor's form (LM Studio follows Cursor's
 * mcp.json notation). https://lmstudio.ai/docs/app/mcp/deeplink
 */
export function lmStudioInstallLink(context: ClientContext): string {
  return withNameAndConfig('lmstudio://add_mcp', context);
}

/**
 * `vscode:mcp/install?{json}`: the mcp.json entry with its `name`, JSON then URL-encoded.
 * https://code.visualstudio.com/api/extension-guides/ai/mcp#create-an-mcp-installation-url
 */
export function vscodeInstallLink(context: ClientContext): string {
  const config = { name: context.serverName, ...vscodeServer(context) };
  return `vscode:mcp/install?${encodeURIComponent(JSON.stringify(config))}`;
}

export function installLinks(context: ClientContext): InstallLink[] {
  return [
    { client: 'cursor', label: 'Add to Cursor', url: cursorInstallLink(context) },
    { client: 'vscode', label: 'Add to VS Code', url: vscodeInstallLink(context) },
    { client: 'lm-studio', label: 'Add to LM Studio', url: lmStudioInstallLink(context) },
  ];
}

/** `?name=NAME&config=BASE64`, the config being the mcp.json entry as JSON. */
function withNameAndConfig(base: string, context: ClientContext): string {
  const config = base64(JSON.stringify(cursorServer(context)));
  return `${base}?name=${encodeURIComponent(context.serverName)}&config=${encodeURIComponent(config)}`;
}

/** Base64 of the UTF-8 bytes, with no Buffer: the settings tab builds links in the renderer too. */
function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
