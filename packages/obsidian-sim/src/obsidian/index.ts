/**
 * The module that stands in for `obsidian` at run time: loadPlugin hands it to main.js's
 * `require('obsidian')`, and the test preload (register.ts) maps `import ... from 'obsidian'` to
 * it. Each export is type-checked against obsidian.d.ts over the members it provides.
 */
export { FileSystemAdapter } from './adapter.ts';
export { App } from './app.ts';
export { Events } from './events.ts';
export { FileManager } from './file-manager.ts';
export { TAbstractFile, TFile, TFolder } from './files.ts';
export {
  Platform,
  apiVersion,
  debounce,
  getAllTags,
  getLinkpath,
  moment,
  normalizePath,
  parseLinktext,
  parseYaml,
  requireApiVersion,
  setIcon,
  stringifyYaml,
} from './helpers.ts';
export { Menu, MenuItem } from './menu.ts';
export { MetadataCache } from './metadata-cache.ts';
export { Modal } from './modal.ts';
export { Notice } from './notice.ts';
export { Component, Plugin, PluginSettingTab, SettingTab } from './plugin.ts';
export {
  BaseComponent,
  ButtonComponent,
  DropdownComponent,
  ExtraButtonComponent,
  Setting,
  TextAreaComponent,
  TextComponent,
  ToggleComponent,
  ValueComponent,
  drawnByComponent,
} from './setting.ts';
export { Vault } from './vault.ts';
export { ItemView, View } from './view.ts';
export { Workspace, WorkspaceLeaf } from './workspace.ts';
