import { afterEach, describe, expect, test } from 'bun:test';
import { openTestHost, type TestHost } from '../../../host/test-support/test-host.ts';
import { ProtocolErrorCode } from '@modelcontextprotocol/server';
import { getPrompt, listPrompts } from './prompt-catalog.ts';

let vault: TestHost;
afterEach(() => vault.close());

const REVIEW = [
  '---',
  'description: Review a topic for an audience',
  'tags: [mcp-tools-prompt]',
  '---',
  '<% tp.mcpTools.prompt("topic", "What to review") %>',
  '<%* tp.mcpTools.prompt("audience") -%>',
  'Review {{topic}} for {{ audience }}.',
  'Again: {{topic}}, and {{topic}}.',
  '',
].join('\n');

async function textOf(name: string, values?: Record<string, string>): Promise<string> {
  const result = await getPrompt(vault.host, name, values);
  const content = result.messages[0]?.content;
  if (content?.type !== 'text') throw new Error('expected one text message');
  return content.text;
}

describe('prompts/list', () => {
  test('lists name, description and the declared arguments, all required', async () => {
    vault = await openTestHost({
      'Prompts/Review.md': REVIEW,
      'Prompts/Plain.md': '#mcp-tools-prompt',
    });
    expect(await listPrompts(vault.host)).toEqual([
      { name: 'Plain' },
      {
        name: 'Review',
        description: 'Review a topic for an audience',
        arguments: [
          { name: 'topic', description: 'What to review', required: true },
          { name: 'audience', required: true },
        ],
      },
    ]);
  });
});

describe('prompts/get', () => {
  test('fills every placeholder, as often as it appears, and drops declarations and frontmatter', async () => {
    vault = await openTestHost({ 'Prompts/Review.md': REVIEW });
    const result = await getPrompt(vault.host, 'Review', {
      topic: 'Q3 plan',
      audience: 'the board',
    });
    expect(result).toEqual({
      description: 'Review a topic for an audience',
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text: 'Review Q3 plan for the board.\nAgain: Q3 plan, and Q3 plan.',
          },
        },
      ],
    });
  });

  test('other Templater code and undeclared placeholders pass through verbatim, never evaluated', async () => {
    const body = [
      '#mcp-tools-prompt',
      '<% tp.mcpTools.prompt("who") %>',
      'Hi {{who}}, today is <% tp.date.now("YYYY-MM-DD") %>.',
      '<%* tR += "code" %> {{date}} {{unknown}} <%- tp.file.title -%>',
      '<% tp.system.prompt("not an argument") %>',
    ].join('\n');
    vault = await openTestHost({ 'Prompts/Hi.md': body });
    expect(await textOf('Hi', { who: 'Ada' })).toBe(
      [
        '#mcp-tools-prompt',
        'Hi Ada, today is <% tp.date.now("YYYY-MM-DD") %>.',
        '<%* tR += "code" %> {{date}} {{unknown}} <%- tp.file.title -%>',
        '<% tp.system.prompt("not an argument") %>',
      ].join('\n'),
    );
  });

  test('values are inserted literally: a value holding a placeholder or Templater code stays as given', async () => {
    vault = await openTestHost({
      'Prompts/Echo.md':
        '#mcp-tools-prompt <% tp.mcpTools.prompt("a") %><% tp.mcpTools.prompt("b") %>\n{{a}} / {{b}}',
    });
    expect(await textOf('Echo', { a: '{{b}}', b: '<% tp.file.title %>' })).toBe(
      '#mcp-tools-prompt \n{{b}} / <% tp.file.title %>',
    );
  });

  test('an empty string is a given value', async () => {
    vault = await openTestHost({ 'Prompts/Review.md': REVIEW });
    expect(await textOf('Review', { topic: '', audience: 'me' })).toStartWith('Review  for me.');
  });

  test('an unknown prompt is InvalidParams naming the known ones', async () => {
    vault = await openTestHost({ 'Prompts/Review.md': REVIEW, 'Prompts/untagged.md': 'x' });
    for (const name of ['Nope', 'untagged', 'Review.md', 'Prompts/Review']) {
      const error = (await getPrompt(vault.host, name).catch((thrown: unknown) => thrown)) as {
        code: number;
        message: string;
      };
      expect(error.code).toBe(ProtocolErrorCode.InvalidParams);
      expect(error.message).toStartWith(`Unknown prompt "${name}". A prompt is a note directly`);
      expect(error.message).toEndWith('Prompts: Review.');
    }
  });

  test('a missing argument is InvalidParams naming it with its description', async () => {
    vault = await openTestHost({ 'Prompts/Review.md': REVIEW });
    const error = await getPrompt(vault.host, 'Review', { audience: 'me' }).catch(
      (thrown: unknown) => thrown,
    );
    expect(error).toMatchObject({
      code: ProtocolErrorCode.InvalidParams,
      message: 'Prompt "Review" needs these arguments: topic (What to review).',
      data: { prompt: 'Review', missing: ['topic'] },
    });
    const none = await getPrompt(vault.host, 'Review').catch((thrown: unknown) => thrown);
    expect((none as Error).message).toBe(
      'Prompt "Review" needs these arguments: topic (What to review), audience.',
    );
  });

  test('an argument the prompt does not declare is InvalidParams, even one used as a placeholder', async () => {
    vault = await openTestHost({
      'Prompts/Review.md': REVIEW,
      'Prompts/Bare.md': '#mcp-tools-prompt {{date}}',
    });
    const extra = await getPrompt(vault.host, 'Review', {
      topic: 'x',
      audience: 'y',
      tone: 'dry',
    }).catch((thrown: unknown) => thrown);
    expect(extra).toMatchObject({
      code: ProtocolErrorCode.InvalidParams,
      message: 'Prompt "Review" has no argument "tone"; its arguments: topic, audience.',
    });
    const bare = await getPrompt(vault.host, 'Bare', { date: 'today' }).catch(
      (thrown: unknown) => thrown,
    );
    expect((bare as Error).message).toBe('Prompt "Bare" has no argument "date"; it takes none.');
  });
});
