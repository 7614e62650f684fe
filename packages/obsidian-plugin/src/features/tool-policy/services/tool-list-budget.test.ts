/**
 * Every client pays for tools/list on every session, so its size is a budget, checked here on
 * each change (bun run tools:size measures the same through the real endpoint): at most 26,400
 * bytes with every tool and 6,600 with the core profile (the established connector sends 44,060
 * and 11,070).
 */
import { describe, expect, test } from 'bun:test';
import { defaultTokenPolicy } from '@mcp-connector/shared';
import { allTools, metaTools, toolListing } from '../../mcp-tools/index.ts';
import { resolveScope, type Profile } from './tool-scope.ts';

function listBytes(profile: Profile): number {
  const scope = resolveScope({
    tools: allTools,
    metaTools,
    token: { ...defaultTokenPolicy(), profile },
    vault: { userDisabled: [], promoted: [] },
    activated: new Set(),
  });
  return Buffer.byteLength(JSON.stringify({ tools: scope.listed.map(toolListing) }));
}

describe('the tools/list budget', () => {
  test('profile all stays at or under 26,400 bytes', () => {
    expect(listBytes('all')).toBeLessThanOrEqual(26_400);
  });

  test('profile core stays at or under 6,600 bytes', () => {
    expect(listBytes('core')).toBeLessThanOrEqual(6_600);
  });
});
