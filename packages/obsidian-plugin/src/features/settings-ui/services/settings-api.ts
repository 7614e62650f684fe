/**
 * What the settings tab's components see and call: a plain-data view of the settings and the
 * server (JSON-serialisable, so the Chromium harness can carry it to a page), and one async
 * action per thing a user can change. In Obsidian, SettingsService implements it in-process; in
 * the harness, the page calls the same SettingsService over a bridge. Types only: components
 * import this file, so it must stay free of Node and Obsidian.
 */
import type {
  ChangeJournalSettings,
  CommandSettings,
  SemanticSettings,
  TokenPolicy,
  TokenUsage,
} from '@mcp-connector/shared';
// Types only (erased): the semantic-search feature's install states.
import type { InstallState } from '../../semantic-search/index.ts';

export type SectionId =
  | 'server'
  | 'access'
  | 'tool-loading'
  | 'tools'
  | 'hidden-folders'
  | 'commands'
  | 'semantic'
  | 'change-journal';

export type ServerState = 'starting' | 'serving' | 'stopped' | 'failed';

export interface ServerView {
  state: ServerState;
  url: string | null;
  port: number | null;
  /** ISO time the server started listening; null unless serving. */
  startedAt: string | null;
  /** Why the last start failed (state 'failed'). */
  error: string | null;
  /** The protocol revisions the endpoint answers, newest first. */
  protocolRevisions: readonly string[];
}

export interface PromotedTool {
  name: string;
  /** 'token': pinned for this token; 'adaptive': promoted by use for every adaptive token. */
  by: 'token' | 'adaptive';
}

export interface TokenView {
  id: string;
  label: string;
  /** Null when the token was made on another device: its secret is not kept here (ADR-0033). */
  secret: string | null;
  createdAt: string;
  policy: TokenPolicy;
  /** What tools/list shows this token's client, meta-tools included. */
  listedTools: number;
  /** Tools it may call at all (listed, or one activate_tool away). */
  reachableTools: number;
  usage: TokenUsage;
  promoted: PromotedTool[];
  /** Tools the token can reach that its profile and promotions do not list: to promote. */
  promotable: string[];
  /** One-click installs for this token ("Add to Cursor"); none while stopped or held elsewhere. */
  installLinks: InstallLinkView[];
}

/** A client's install link for one token: opening it asks that client to add the server. */
export interface InstallLinkView {
  label: string;
  url: string;
}

export interface ToolView {
  name: string;
  /** The first sentence of the tool's description. */
  summary: string;
  readOnly: boolean;
  /** Switched off for every token (toolPolicy.userDisabled). */
  disabled: boolean;
}

export interface ToolFamilyView {
  name: string;
  tools: ToolView[];
}

/** IndexStatus of features/semantic-search, as plain data. */
export interface IndexStatusView {
  providerId: string;
  state: 'idle' | 'building' | 'ready' | 'failed';
  filesIndexed: number;
  filesTotal: number;
  percent: number;
  notesPerSecond: number;
  chunks: number;
  error: string | null;
  /** semantic-search's progressLine: the one wording of index progress (status bar, log, tab). */
  line: string;
}

/** One file a download of the built-in model fetches: where it goes, how big, where from. */
export interface ModelFileView {
  /** Its path in the models folder. */
  path: string;
  bytes: number;
  url: string;
}

/** The built-in model's files (semantic-search's InstallStatus), and what a download fetches. */
export interface ModelInstallView {
  modelId: string;
  state: InstallState;
  /** semantic-search's installLine: the one wording of the install, shared with its Notice. */
  line: string;
  /** What the Download button fetches, from where, into which folder (consentLine). */
  consent: string;
  bytesDone: number;
  bytesTotal: number;
  percent: number;
  /** Why the last download failed, or why the model cannot be installed. */
  error: string | null;
  /** What the Download button fetches (empty when the model cannot be installed). */
  files: ModelFileView[];
  /** Where the files go, as the user finds it: `.obsidian/plugins/local-mcp-server/models/`. */
  folder: string;
}

/** One entry of the Model menu: the model and, where this tab installs models, its state. */
export interface NativeModelOption {
  name: SemanticSettings['nativeModel'];
  /** The menu's words: the model's name and its state ("installed", "not installed", ...). */
  label: string;
  /** Null where this tab cannot install models. */
  state: InstallState | null;
}

export interface SemanticView {
  settings: SemanticSettings;
  /** Null while no index exists yet (off, not started, or the server is down). */
  status: IndexStatusView | null;
  nativeModels: readonly NativeModelOption[];
  /** The built-in model the settings name; null where this tab cannot install models. */
  model: ModelInstallView | null;
}

/** `node` and `npx` on the PATH Obsidian inherited (client-config's node-runtime.ts). */
export interface NodeRuntimeView {
  node: { path: string; version: string | null } | null;
  npx: { path: string; version: string | null } | null;
  /** The command that installs Node here (macOS: Homebrew), or null. */
  installCommand: string | null;
  /** What was found, in one line. */
  summary: string;
  /** Which paths need Node (only mcp-remote). */
  neededBy: string;
}

/** claude_desktop_config.json kept in step with one token (features/client-config). */
export interface DesktopSyncView {
  /** False when there is no plugin folder or no Claude Desktop config path here. */
  available: boolean;
  /** The token that owns this vault's entry; null when sync is off. */
  ownerTokenId: string | null;
  /** The entry's name: the one written, else the one a sync would write. */
  entryName: string;
  /** Where Claude Desktop keeps its configuration on this machine. */
  configPath: string | null;
}

export interface SettingsView {
  vaultName: string;
  /** What in data.json could not be used (the file, or named slices); null when all of it was. */
  settingsProblem: string | null;
  /** True while the server refuses every request: the file or a slice that decides access is bad. */
  refusing: boolean;
  server: ServerView;
  port: number | null;
  /** The name the user chose, or null for `derivedServerName`. */
  serverName: string | null;
  derivedServerName: string;
  /** The name clients list the server under: the chosen one, or the derived one. */
  effectiveServerName: string;
  clientConfigs: readonly ClientConfigChoice[];
  /** False when the plugin's folder is unknown (no .mcpb then). */
  canExportMcpb: boolean;
  desktop: DesktopSyncView;
  /** Node.js on the PATH Obsidian inherited; null until looked for. */
  node: NodeRuntimeView | null;
  tokens: TokenView[];
  maxTokens: number;
  families: ToolFamilyView[];
  hiddenFolders: string[];
  commands: CommandSettings;
  semantic: SemanticView;
  changeJournal: ChangeJournalSettings;
  /** False where no Recent AI changes view exists (the harness of the tab alone). */
  canOpenRecentChanges: boolean;
}

/** One entry of a token row's "Copy config" menu. */
export interface ClientConfigChoice {
  /** `<client id>:<snippet index>`. */
  id: string;
  /** "Cursor: ~/.cursor/mcp.json". */
  label: string;
}

/** A file for the user to save, its bytes in base64 (plain data crosses the harness's bridge). */
export interface SavedFile {
  fileName: string;
  base64: string;
}

export interface NewSecret {
  tokenId: string;
  label: string;
  secret: string;
}

export interface NewToken {
  label: string;
  profile: TokenPolicy['profile'];
  readOnly: boolean;
}

export interface CommandChoice {
  id: string;
  name: string;
}

/** Every action rejects with an Error whose message is for the user (what failed, what to do). */
export interface SettingsApi {
  view(): SettingsView;
  subscribe(listener: (view: SettingsView) => void): () => void;

  /** Resolves with the server serving again; rejects when it could not start. */
  restartServer(): Promise<ServerView>;
  /** Saves the fixed port (null: automatic) and restarts the server on it. */
  setPort(port: number | null): Promise<ServerView>;
  setServerName(name: string | null): Promise<void>;

  addToken(token: NewToken): Promise<NewSecret>;
  renameToken(id: string, label: string): Promise<void>;
  regenerateToken(id: string): Promise<NewSecret>;
  revokeToken(id: string): Promise<void>;
  /** The text of one client config for this token and the live endpoint. */
  clientConfig(tokenId: string, configId: string): Promise<string>;
  /** The token's .mcpb bundle for Claude Desktop. */
  mcpbBundle(tokenId: string): Promise<SavedFile>;
  /**
   * Makes this token the one Claude Desktop's config entry uses (moving it from another), or
   * with null removes the entry. Resolves with what to tell the user; a config file that is not
   * valid JSON is left untouched and the call rejects saying how to fix it.
   */
  setDesktopSync(tokenId: string | null): Promise<string>;

  setTokenPolicy(id: string, change: Partial<TokenPolicy>): Promise<void>;
  /** Adds a tool from `promotable` to the token's promoted list. */
  addPromoted(id: string, name: string): Promise<void>;
  removePromoted(id: string, tool: PromotedTool): Promise<void>;
  /** Forgets call counts and promotions (this token's and adaptive ones); keeps the profile. */
  resetAdaptive(id: string): Promise<void>;
  setToolEnabled(name: string, enabled: boolean): Promise<void>;

  suggestFolders(query: string): Promise<string[]>;
  addHiddenFolder(path: string): Promise<void>;
  removeHiddenFolder(path: string): Promise<void>;

  setCommandsEnabled(enabled: boolean): Promise<void>;
  suggestCommands(query: string): Promise<CommandChoice[]>;
  addAllowedCommand(id: string): Promise<void>;
  removeAllowedCommand(id: string): Promise<void>;
  setWarnPerMinute(calls: number): Promise<void>;
  /** The recent decisions as RFC 4180 CSV. */
  decisionsCsv(): Promise<string>;

  setSemantic(change: Partial<SemanticSettings>): Promise<void>;
  rebuildIndex(): Promise<void>;
  /**
   * The user's consent: downloads the built-in model's files (resuming what a cancelled download
   * kept). Resolves when the download ends; a failure shows in `semantic.model`, not as a rejection.
   */
  downloadModel(): Promise<void>;
  /** Stops the running download; what was fetched stays for the next one. */
  cancelModelDownload(): Promise<void>;

  /** The change journal's bounds (each checked: sizes and days in their ranges). */
  setChangeJournal(change: Partial<ChangeJournalSettings>): Promise<void>;
  /** Opens the Recent AI changes view (features/change-journal). */
  openRecentChanges(): Promise<void>;
}
