import { describe, expect, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { deviceHomeOf, vaultFolderName, type Device } from './device-home.ts';

const BRIDGE = join(import.meta.dir, '..', '..', '..', 'scripts', 'mcp-stdio-bridge.py');

const linux = (env: Record<string, string>): Device => ({
  platform: 'linux',
  env,
  homedir: '/home/fallback',
});

/** Env and platform combinations that every implementation must answer alike. */
const CASES: { vault: string; device: Device }[] = [
  { vault: '/home/ana/Notes', device: linux({ HOME: '/home/ana' }) },
  {
    vault: '/home/ana/Notes',
    device: linux({ HOME: '/home/ana', XDG_STATE_HOME: '/xdg/state', XDG_CACHE_HOME: '/xdg/c/' }),
  },
  { vault: '/srv/Vault', device: linux({ HOME: '/home/ana', XDG_STATE_HOME: 'relative/state' }) },
  { vault: '/srv/Vault', device: linux({}) },
  { vault: '/', device: linux({ HOME: '/' }) },
  {
    vault: '/Users/bo/Library/Mobile Documents/iCloud~md~obsidian/Documents/Café 日本',
    device: { platform: 'darwin', env: { HOME: '/Users/bo' }, homedir: '/Users/x' },
  },
  {
    vault: '/Users/bo/Cafe\u0301',
    device: { platform: 'darwin', env: { HOME: '/Users/bo/' }, homedir: '/Users/x' },
  },
  {
    vault: 'C:\\Users\\Bo\\Documents\\My Vault',
    device: {
      platform: 'win32',
      env: { LOCALAPPDATA: 'C:\\Users\\Bo\\AppData\\Local', USERPROFILE: 'C:\\Users\\Bo' },
      homedir: 'C:\\Users\\X',
    },
  },
  {
    vault: '\\\\server\\share\\vault',
    device: { platform: 'win32', env: { USERPROFILE: 'D:\\Home\\Bo' }, homedir: 'C:\\Users\\X' },
  },
  {
    vault: 'C:\\v',
    device: { platform: 'win32', env: { HOME: '/ignored' }, homedir: 'C:\\Users\\X' },
  },
];

describe('the device home', () => {
  test('follows XDG on Linux and keeps state and cache apart', () => {
    const home = deviceHomeOf('/home/ana/Notes', linux({ HOME: '/home/ana' }));
    const folder = vaultFolderName('/home/ana/Notes', 'linux');
    expect(home.state).toBe(`/home/ana/.local/state/local-mcp-server/vaults/${folder}`);
    expect(home.cache).toBe(`/home/ana/.cache/local-mcp-server/vaults/${folder}`);
    expect(home.models).toBe('/home/ana/.cache/local-mcp-server/models');
    expect(home.secrets).toBe(`${home.state}/secrets.json`);
    const xdg = deviceHomeOf(
      '/home/ana/Notes',
      linux({ HOME: '/home/ana', XDG_STATE_HOME: '/s', XDG_CACHE_HOME: '/c' }),
    );
    expect(xdg.liveServer).toBe(`/s/local-mcp-server/vaults/${folder}/live-server.json`);
    expect(xdg.semanticIndex).toBe(`/c/local-mcp-server/vaults/${folder}/semantic-index`);
  });

  test('uses Application Support and Caches on macOS, LOCALAPPDATA on Windows', () => {
    const mac = deviceHomeOf('/Users/bo/V', {
      platform: 'darwin',
      env: { HOME: '/Users/bo' },
      homedir: '',
    });
    expect(
      mac.state.startsWith('/Users/bo/Library/Application Support/local-mcp-server/vaults/V-'),
    ).toBe(true);
    expect(mac.cache.startsWith('/Users/bo/Library/Caches/local-mcp-server/vaults/V-')).toBe(true);
    const win = deviceHomeOf('C:\\V', {
      platform: 'win32',
      env: { LOCALAPPDATA: 'C:\\L' },
      homedir: 'C:\\U',
    });
    expect(win.state.startsWith('C:\\L\\local-mcp-server\\state\\vaults\\V-')).toBe(true);
    expect(win.models).toBe('C:\\L\\local-mcp-server\\cache\\models');
  });

  test('names a vault by its path: another path, another folder; a readable name', () => {
    expect(vaultFolderName('/a/Notes', 'linux')).not.toBe(vaultFolderName('/b/Notes', 'linux'));
    expect(vaultFolderName('/a/My Notes (2)', 'linux')).toMatch(/^My-Notes-2-[0-9a-f]{16}$/);
    expect(vaultFolderName('/a/日本', 'linux')).toMatch(/^vault-[0-9a-f]{16}$/);
    // The same name in NFD (as macOS Finder writes it) is the same vault.
    expect(vaultFolderName('/a/Cafe\u0301', 'darwin')).toBe(
      vaultFolderName('/a/Caf\u00e9', 'darwin'),
    );
  });

  test('another HOME is another device', () => {
    const one = deviceHomeOf('/v', linux({ HOME: '/home/one' }));
    const two = deviceHomeOf('/v', linux({ HOME: '/home/two' }));
    expect(one.state).not.toBe(two.state);
  });

  test('the Python bridge computes the same places for every case', () => {
    const program = [
      'import importlib.util, json, sys',
      'spec = importlib.util.spec_from_file_location("bridge", sys.argv[1])',
      'bridge = importlib.util.module_from_spec(spec)',
      'spec.loader.exec_module(bridge)',
      'cases = json.load(sys.stdin)',
      'print(json.dumps([bridge.device_home(c["vault"], c["device"]["env"], c["device"]["platform"], c["device"]["homedir"]) for c in cases]))',
    ].join('\n');
    const run = spawnSync('python3', ['-c', program, BRIDGE], {
      input: JSON.stringify(CASES),
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    const python = JSON.parse(run.stdout) as Record<string, string>[];
    const typescript = CASES.map(({ vault, device }) => {
      const home = deviceHomeOf(vault, device);
      return {
        state: home.state,
        cache: home.cache,
        models: home.models,
        secrets: home.secrets,
        liveServer: home.liveServer,
      };
    });
    expect(python).toEqual(typescript);
  });
});
