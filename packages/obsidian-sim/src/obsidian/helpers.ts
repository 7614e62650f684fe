/**
 * Obsidian's free functions and constants a plugin imports, each typed as obsidian.d.ts declares
 * it: normalizePath, getAllTags (the shared engine's), the YAML helpers, linktext helpers,
 * moment, Platform, setIcon and debounce.
 */
import { getAllTags as engineGetAllTags } from '@mcp-connector/markdown';
import {
  getLinkpath as engineGetLinkpath,
  parseLinktext as engineParseLinktext,
} from '@mcp-connector/markdown/links';
import momentFactory from 'moment';
import type * as Obsidian from 'obsidian';
import { parse, stringify } from 'yaml';
import { SIMULATED_VERSION } from './version.ts';

export const normalizePath: typeof Obsidian.normalizePath = (path) =>
  path
    .replace(/[\\/]+/g, '/')
    .replace(/^\/+|\/+$/g, '')
    .replace(/\u00A0|\u202F/g, ' ')
    .normalize('NFC') || '/';

export const getAllTags: typeof Obsidian.getAllTags = (cache) => engineGetAllTags(cache);

export const getLinkpath: typeof Obsidian.getLinkpath = (linktext) => engineGetLinkpath(linktext);

export const parseLinktext: typeof Obsidian.parseLinktext = (linktext) =>
  engineParseLinktext(linktext);

export const parseYaml: typeof Obsidian.parseYaml = (yaml) => parse(yaml) as unknown;

export const stringifyYaml: typeof Obsidian.stringifyYaml = (obj) => stringify(obj);

export const moment = momentFactory;

export const Platform: typeof Obsidian.Platform = {
  isDesktop: true,
  isMobile: false,
  isDesktopApp: true,
  isMobileApp: false,
  isIosApp: false,
  isAndroidApp: false,
  isPhone: false,
  isTablet: false,
  isMacOS: process.platform === 'darwin',
  isWin: process.platform === 'win32',
  isLinux: process.platform === 'linux',
  isSafari: false,
  resourcePathPrefix: 'app://local/',
};

/** The simulated app's version; loadPlugin gives each app its own (LoadPluginOptions.appVersion). */
export const apiVersion: typeof Obsidian.apiVersion = SIMULATED_VERSION;

export { requireApiVersion } from './version.ts';

export { setIcon } from './icon.ts';

export const debounce: typeof Obsidian.debounce = <T extends unknown[], V>(
  cb: (...args: [...T]) => V,
  timeout = 0,
  resetTimer = false,
) => {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastArgs: T | null = null;
  const run = () => {
    timer = null;
    if (lastArgs !== null) cb(...lastArgs);
  };
  const debounced = (...args: [...T]) => {
    lastArgs = args;
    if (timer !== null && resetTimer) clearTimeout(timer);
    if (timer === null || resetTimer) timer = setTimeout(run, timeout);
    return debounced;
  };
  debounced.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    return debounced;
  };
  debounced.run = () => {
    if (timer !== null) clearTimeout(timer);
    run();
    return undefined as V | void;
  };
  return debounced;
};
