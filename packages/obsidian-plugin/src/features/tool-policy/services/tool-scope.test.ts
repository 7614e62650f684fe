import { describe, expect, test } from 'bun:test';
import { type } from 'arktype';
import { READ_ONLY, defineTool, type Tool } from '../../mcp-tools/index.ts';
import { resolveScope, type CallCheck, type ScopeInput, type TokenPolicy } from './tool-scope.ts';

function tool(name: string, readOnly: boolean): Tool {
  return defineTool({
    name,
    title: name,
    description: name,
    input: () => type({}),
    annotations: readOnly
      ? READ_ONLY
      : {
          readOnlyHint: false,
          destructiveHint: false,
          idempotentHint: false,
          openWorldHint: false,
        },
    handler: async () => ({}),
  });
}

const TOOLS = [
  tool('get_vault_file', true),
  tool('create_vault_file', false),
  tool('get_backlinks', true),
  tool('delete_vault_file', false),
];
const META = [tool('tool_catalog', true), tool('activate_tool', false)];

function scopeFor(token: Partial<TokenPolicy>, extra: Partial<ScopeInput> = {}) {
  return resolveScope({
    tools: TOOLS,
    metaTools: META,
    token: { profile: 'all', promoted: [], allowlist: null, readOnly: false, ...token },
    vault: { userDisabled: [], promoted: [], ...extra.vault },
    activated: extra.activated ?? new Set(),
  });
}

const names = (tools: readonly Tool[]) => tools.map((entry) => entry.name);

function reasonOf(check: CallCheck): string {
  if (check.kind !== 'unreachable') throw new Error(`expected unreachable, got ${check.kind}`);
  return check.reason;
}

describe('resolveScope', () => {
  test('profile all lists every tool after the meta-tools', () => {
    expect(names(scopeFor({}).listed)).toEqual(['tool_catalog', 'activate_tool', ...names(TOOLS)]);
  });

  test('profile core lists the core tools; others are inactive, not unknown', () => {
    const scope = scopeFor({ profile: 'core' });
    expect(names(scope.listed)).toEqual([
      'tool_catalog',
      'activate_tool',
      'get_vault_file',
      'create_vault_file',
    ]);
    expect(scope.check('get_backlinks').kind).toBe('inactive');
    expect(scope.check('no_such_tool').kind).toBe('unknown');
  });

  test('activation and promotion make a tool active; adaptive promotions apply only to adaptive tokens', () => {
    expect(
      scopeFor({ profile: 'core' }, { activated: new Set(['get_backlinks']) }).check(
        'get_backlinks',
      ).kind,
    ).toBe('allowed');
    expect(
      scopeFor({ profile: 'core', promoted: ['get_backlinks'] }).check('get_backlinks').kind,
    ).toBe('allowed');
    const vault = { userDisabled: [], promoted: ['get_backlinks'] };
    expect(scopeFor({ profile: 'adaptive' }, { vault }).check('get_backlinks').kind).toBe(
      'allowed',
    );
    expect(scopeFor({ profile: 'core' }, { vault }).check('get_backlinks').kind).toBe('inactive');
  });

  test('userDisabled beats everything, readOnly beats the allowlist and promotions', () => {
    const disabled = scopeFor(
      { promoted: ['get_vault_file'] },
      { vault: { userDisabled: ['get_vault_file'], promoted: [] } },
    );
    expect(reasonOf(disabled.check('get_vault_file'))).toContain('switched it off');
    const readOnly = scopeFor({
      readOnly: true,
      allowlist: ['create_vault_file', 'get_vault_file'],
      promoted: ['create_vault_file'],
    });
    expect(names(readOnly.listed)).toEqual(['tool_catalog', 'activate_tool', 'get_vault_file']);
    expect(reasonOf(readOnly.check('create_vault_file'))).toContain('read-only');
  });

  test('the allowlist is a ceiling: outside it a tool is never listed or callable; empty means meta-tools only', () => {
    const scope = scopeFor(
      { allowlist: ['get_backlinks'] },
      { activated: new Set(['delete_vault_file']) },
    );
    expect(names(scope.listed)).toEqual(['tool_catalog', 'activate_tool', 'get_backlinks']);
    expect(scope.check('delete_vault_file').kind).toBe('unreachable');
    expect(names(scopeFor({ allowlist: [] }).listed)).toEqual(['tool_catalog', 'activate_tool']);
  });

  test('meta-tools stay callable whatever the policy', () => {
    const scope = scopeFor(
      { allowlist: [], readOnly: true },
      { vault: { userDisabled: ['activate_tool'], promoted: [] } },
    );
    expect(scope.check('activate_tool').kind).toBe('allowed');
  });

  test('statuses say which tools are promoted', () => {
    const scope = scopeFor({ profile: 'core', promoted: ['get_backlinks'] });
    expect(
      Object.fromEntries(scope.reachable.map((entry) => [entry.tool.name, entry.status])),
    ).toEqual({
      get_vault_file: 'active',
      create_vault_file: 'active',
      get_backlinks: 'promoted',
      delete_vault_file: 'inactive',
    });
  });

  test('permit is the same decision for a write made through another tool: activation aside', () => {
    const refused = (scope: ReturnType<typeof scopeFor>, name: string) => {
      try {
        scope.permit(name);
        return null;
      } catch (error) {
        return (error as { code: string }).code;
      }
    };
    const core = scopeFor({ profile: 'core', allowlist: ['create_vault_file', 'get_backlinks'] });
    expect(core.check('get_backlinks').kind).toBe('inactive');
    expect(refused(core, 'get_backlinks')).toBeNull();
    expect(refused(core, 'delete_vault_file')).toBe('tool_not_allowed');
    expect(refused(scopeFor({ readOnly: true }), 'create_vault_file')).toBe('tool_not_allowed');
    const off = scopeFor({}, { vault: { userDisabled: ['delete_vault_file'], promoted: [] } });
    expect(refused(off, 'delete_vault_file')).toBe('tool_not_allowed');
    expect(refused(off, 'no_such_tool')).toBe('tool_not_allowed');
  });
});
