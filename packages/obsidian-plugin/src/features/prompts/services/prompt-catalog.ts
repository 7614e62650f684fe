/**
 * prompts/list and prompts/get over the prompt notes. Every declared argument
 * (`<% tp.mcpTools.prompt("name", "description") %>`) is listed as required; a get must give
 * each of them and nothing else. An unknown prompt or a bad set of arguments is the JSON-RPC
 * InvalidParams error the MCP spec prescribes, with a message naming the fix.
 */
import {
  declaredTemplateArguments,
  type TemplateArgument,
} from '@mcp-connector/markdown/template-arguments';
import type { GetPromptResult, Prompt, PromptArgument } from '@modelcontextprotocol/server';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { VaultHost } from '../../../host/vault-host.ts';
import { findPromptNote, promptNotes, PROMPT_TAG, PROMPTS_FOLDER } from './prompt-notes.ts';
import { renderPromptText } from './prompt-text.ts';

export async function listPrompts(host: VaultHost): Promise<Prompt[]> {
  const notes = promptNotes(host);
  const texts = await Promise.all(notes.map((note) => host.read(note.path).catch(() => null)));
  return notes.flatMap((note, index) => {
    const text = texts[index];
    if (text === null || text === undefined) return [];
    const declared = declaredTemplateArguments(text);
    return [
      {
        name: note.name,
        ...(note.description !== undefined && { description: note.description }),
        ...(declared.length > 0 && { arguments: declared.map(listedArgument) }),
      },
    ];
  });
}

function listedArgument({ name, description }: TemplateArgument): PromptArgument {
  return { name, ...(description !== '' && { description }), required: true };
}

export async function getPrompt(
  host: VaultHost,
  name: string,
  values: Readonly<Record<string, string>> = {},
): Promise<GetPromptResult> {
  const note = findPromptNote(host, name);
  const text = note === null ? null : await host.read(note.path).catch(() => null);
  if (note === null || text === null) throw unknownPrompt(host, name);
  checkArguments(name, declaredTemplateArguments(text), values);
  const rendered = await renderPromptText(host, note.path, text, values);
  return {
    ...(note.description !== undefined && { description: note.description }),
    messages: [{ role: 'user', content: { type: 'text', text: rendered } }],
  };
}

function invalidParams(message: string, data: Record<string, unknown>): ProtocolError {
  return new ProtocolError(ProtocolErrorCode.InvalidParams, message, data);
}

function unknownPrompt(host: VaultHost, name: string): ProtocolError {
  const known = promptNotes(host).map((note) => note.name);
  const listed = known.length > 0 ? `Prompts: ${known.join(', ')}.` : 'There are none yet.';
  return invalidParams(
    `Unknown prompt "${name}". A prompt is a note directly inside ${PROMPTS_FOLDER}/ tagged #${PROMPT_TAG}; prompts/list shows them. ${listed}`,
    { prompt: name },
  );
}

function checkArguments(
  prompt: string,
  declared: readonly TemplateArgument[],
  values: Readonly<Record<string, string>>,
): void {
  const names = new Set(declared.map((argument) => argument.name));
  const unknown = Object.keys(values).filter((given) => !names.has(given));
  if (unknown.length > 0) {
    const accepted = names.size > 0 ? `its arguments: ${[...names].join(', ')}` : 'it takes none';
    throw invalidParams(
      `Prompt "${prompt}" has no argument ${unknown.map((given) => `"${given}"`).join(', ')}; ${accepted}.`,
      { prompt, unknown },
    );
  }
  const missing = declared.filter((argument) => !Object.hasOwn(values, argument.name));
  if (missing.length > 0) {
    const list = missing
      .map(({ name, description }) => (description === '' ? name : `${name} (${description})`))
      .join(', ');
    throw invalidParams(`Prompt "${prompt}" needs these arguments: ${list}.`, {
      prompt,
      missing: missing.map((argument) => argument.name),
    });
  }
}
