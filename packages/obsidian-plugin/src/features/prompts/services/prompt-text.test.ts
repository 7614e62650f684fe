import { afterEach, describe, expect, test } from 'bun:test';
import { openTestHost, type TestHost } from '../../../host/test-support/test-host.ts';
import type { VaultHost } from '../../../host/vault-host.ts';
import { HiddenFoldersHost } from '../../tool-policy/index.ts';
import { EMBED_LIMITS } from './embed-inliner.ts';
import { renderPromptText } from './prompt-text.ts';

let vault: TestHost;
afterEach(() => vault.close());

const PROJECT = [
  '---',
  'status: active',
  '---',
  '# Project',
  '',
  'Intro paragraph.',
  '',
  '## Goals',
  '',
  '- Ship it ^goal',
  '  - with tests',
  '- Other',
  '',
  '### Detail',
  '',
  'Deep text.',
  '',
  '## Risks',
  '',
  'Risk paragraph. ^risk-1',
  '',
].join('\n');

const GOALS = '## Goals\n\n- Ship it ^goal\n  - with tests\n- Other\n\n### Detail\n\nDeep text.';

/**
 * Opens a vault with Notes/Project.md and `files` (put the prompt at Prompts/P.md when it links to
 * itself), and returns a renderer of prompt bodies as the note Prompts/P.md, optionally through
 * the hidden-folders guard.
 */
async function vaultWith(
  files: Record<string, string> = {},
  hiddenFolders: string[] = [],
): Promise<(body: string, values?: Record<string, string>) => Promise<string>> {
  vault = await openTestHost({ 'Notes/Project.md': PROJECT, ...files });
  const host: VaultHost =
    hiddenFolders.length === 0
      ? vault.host
      : new HiddenFoldersHost(vault.host, () => hiddenFolders);
  return (body, values = {}) => renderPromptText(host, 'Prompts/P.md', body, values);
}

const comment = (reason: string) => `<!-- embed not inlined: ${reason} -->`;

describe('embed forms', () => {
  test('a whole note, without its frontmatter, with or without an alias', async () => {
    const render = await vaultWith();
    const whole = PROJECT.slice(PROJECT.indexOf('# Project')).trimEnd();
    expect(await render('A: ![[Project]]')).toBe(`A: ${whole}`);
    expect(await render('![[Project|the project]]')).toBe(whole);
    expect(await render('![[Notes/Project.md]]')).toBe(whole);
  });

  test('a heading: its section up to the next heading of the same level, matched as links match', async () => {
    const render = await vaultWith();
    expect(await render('![[Project#Goals]]')).toBe(GOALS);
    expect(await render('![[Project#goals|g]]')).toBe(GOALS);
    expect(await render('![[Project#Project#Detail]]')).toBe('### Detail\n\nDeep text.');
    expect(await render('![[Project#Risks]]')).toBe('## Risks\n\nRisk paragraph. ^risk-1');
  });

  test('a block: a paragraph, or a list item with its nested items', async () => {
    const render = await vaultWith();
    expect(await render('![[Project#^risk-1]]')).toBe('Risk paragraph. ^risk-1');
    expect(await render('![[Project#^goal]]')).toBe('- Ship it ^goal\n  - with tests');
  });

  test('a section of the prompt note itself, as written in the note', async () => {
    const body = '#mcp-tools-prompt\nUse: ![[#Rules]]\n\n## Rules\n\nBe {{tone}}.';
    const render = await vaultWith({ 'Prompts/P.md': body });
    expect(await render(body)).toBe(
      '#mcp-tools-prompt\nUse: ## Rules\n\nBe {{tone}}.\n\n## Rules\n\nBe {{tone}}.',
    );
  });

  test('links resolve from the prompt, by Obsidian rules (same folder first, relative paths)', async () => {
    const render = await vaultWith({
      'Prompts/Helper.md': 'prompt-side',
      'Other/Helper.md': 'other-side',
    });
    expect(await render('![[Helper]]')).toBe('prompt-side');
    expect(await render('![[../Other/Helper]]')).toBe('other-side');
    expect(await render('![[Other/Helper]]')).toBe('other-side');
  });

  test('arguments are filled before embeds: the client picks the note and the section', async () => {
    const render = await vaultWith();
    const body =
      '<% tp.mcpTools.prompt("note") %><% tp.mcpTools.prompt("part") %>![[{{note}}#{{part}}]]';
    expect(await render(body, { note: 'Project', part: 'Risks' })).toBe(
      '## Risks\n\nRisk paragraph. ^risk-1',
    );
    expect(await render('![[{{note}}]]', { note: 'Project#^goal' })).toBe(
      '- Ship it ^goal\n  - with tests',
    );
  });

  test('several embeds in one prompt, each in its place', async () => {
    const render = await vaultWith();
    expect(await render('1. ![[Project#^risk-1]]\n2. ![[Project#^goal]]\nend')).toBe(
      '1. Risk paragraph. ^risk-1\n2. - Ship it ^goal\n  - with tests\nend',
    );
  });
});

describe('embeds that are not inlined keep their token and say why', () => {
  test('missing note, missing heading or block, non-note file', async () => {
    const render = await vaultWith({ 'Notes/pic.png': 'not really a png' });
    expect(await render('![[Missing]] end')).toBe(`![[Missing]]${comment('not found')} end`);
    expect(await render('![[Project#Nope]]')).toBe(
      `![[Project#Nope]]${comment('heading not found')}`,
    );
    expect(await render('![[Project#Goals#Risks]]')).toBe(
      `![[Project#Goals#Risks]]${comment('heading not found')}`,
    );
    expect(await render('![[Project#^nope]]')).toBe(
      `![[Project#^nope]]${comment('block not found')}`,
    );
    expect(await render('![[pic.png]]')).toBe(`![[pic.png]]${comment('not a Markdown note')}`);
  });

  test('a note in a hidden folder is "not found", in the very words a missing note gets', async () => {
    const render = await vaultWith(
      { 'Private/Secret.md': 'secret text', 'Private/Sub/Deeper.md': 'deeper ^x' },
      ['Private'],
    );
    for (const token of ['![[Secret]]', '![[Private/Secret]]', '![[Deeper#^x]]']) {
      expect(await render(token)).toBe(`${token}${comment('not found')}`);
      const missing = token.replace(/Secret|Deeper/, 'Nothing');
      expect(await render(missing)).toBe(`${missing}${comment('not found')}`);
    }
  });

  test('argument values never become embeds, nor break out of one', async () => {
    const render = await vaultWith();
    const body = '<% tp.mcpTools.prompt("x") %>Say {{x}} and ![[{{x}}]]';
    expect(await render(body, { x: '![[Project]]' })).toBe(
      `Say ![[Project]] and ![[![[Project]]]]${comment('not an embed once its arguments are filled in')}`,
    );
    expect(await render('![[{{x}}]]', { x: 'Missing]] ![[Project' })).toBe(
      `![[Missing]] ![[Project]]${comment('not an embed once its arguments are filled in')}`,
    );
  });

  test('embeds in code stay as written, with no comment', async () => {
    const render = await vaultWith();
    const body = '```\n![[Project]]\n```\n`![[Project]]`';
    expect(await render(body)).toBe(body);
  });

  test('embeds inside embedded text stay as written, marked: one level deep', async () => {
    const render = await vaultWith({
      'Notes/Outer.md': 'Outer starts\n![[Project#^goal]]\nOuter ends',
    });
    expect(await render('![[Outer]]')).toBe(
      `Outer starts\n![[Project#^goal]]${comment('nested embed; embeds are inlined one level deep')}\nOuter ends`,
    );
  });
});

describe('limits per render', () => {
  test(`at most ${EMBED_LIMITS.embeds} embeds are inlined; failed ones do not count`, async () => {
    const render = await vaultWith();
    const missing = Array.from({ length: 3 }, () => '![[Missing]]').join('\n');
    const good = Array.from({ length: 21 }, (_, i) => `${i}: ![[Project#^risk-1]]`).join('\n');
    const rendered = await render(`${missing}\n${good}`);
    expect(rendered.split('Risk paragraph. ^risk-1').length - 1).toBe(20);
    expect(rendered).toEndWith(
      `19: Risk paragraph. ^risk-1\n20: ![[Project#^risk-1]]${comment('limit of 20 embeds per prompt reached')}`,
    );
    expect(rendered.split(comment('not found')).length - 1).toBe(3);
  });

  test('at most 32 KB of embedded text: exactly 32 KB fits, a byte more does not', async () => {
    const full = 'é'.repeat(EMBED_LIMITS.bytes / 2);
    const render = await vaultWith({ 'Notes/Full.md': full, 'Notes/One.md': 'x' });
    const over = comment('limit of 32 KB of embedded text per prompt reached');
    expect(await render('![[One]]|![[Full]]|![[One]]')).toBe(`x|![[Full]]${over}|x`);
    expect(await render('![[Full]]|![[One]]')).toBe(`${full}|![[One]]${over}`);
  });
});
