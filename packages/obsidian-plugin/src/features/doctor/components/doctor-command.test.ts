/**
 * The palette command, with the two Obsidian classes it uses played by small stand-ins (the
 * `obsidian` package has no runtime code): it registers under a stable id, runs the doctor over
 * the vault folder Obsidian reports, and shows the report in a modal, fixes worded for Obsidian.
 */
import { afterAll, beforeAll, describe, expect, mock, test } from 'bun:test';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

class FileSystemAdapter {
  constructor(private readonly base: string) {}
  getBasePath(): string {
    return this.base;
  }
}

const opened: { title: string; text: string }[] = [];

class Modal {
  titleEl = { setText: (text: string) => (this.title = text) };
  contentEl = {
    createEl: (_tag: string, options: { text: string }) => (this.text = options.text),
    empty: () => undefined,
  };
  onOpen: () => void = () => undefined;
  onClose: () => void = () => undefined;
  private title = '';
  private text = '';
  open(): void {
    this.onOpen();
    opened.push({ title: this.title, text: this.text });
  }
}

void mock.module('obsidian', () => ({ FileSystemAdapter, Modal }));
const { addDoctorCommand } = await import('./index.ts');

let vault: string;
let port: number;
beforeAll(async () => {
  vault = await mkdtemp(join(tmpdir(), 'doctor-command-'));
  const free = createServer();
  await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
  port = (free.address() as { port: number }).port;
  await new Promise((resolve) => free.close(resolve));
  await mkdir(join(vault, '.obsidian', 'plugins', 'mcp-connector'), { recursive: true });
  // A fixed port nothing listens on: the doctor probes only that one.
  await writeFile(
    join(vault, '.obsidian', 'plugins', 'mcp-connector', 'data.json'),
    JSON.stringify({ schemaVersion: 2, transport: { port }, tokens: [] }),
  );
});
afterAll(() => rm(vault, { recursive: true, force: true }));

describe('the doctor command', () => {
  test('shows the report for the open vault, with fixes that name the settings', async () => {
    const commands: { id: string; name: string; callback: () => void }[] = [];
    const plugin = {
      app: {
        vault: {
          adapter: new FileSystemAdapter(vault),
          configDir: '.obsidian',
          getName: () => 'Notes',
        },
      },
      manifest: { id: 'mcp-connector' },
      addCommand: (command: (typeof commands)[number]) => commands.push(command),
    };
    addDoctorCommand(plugin as never);
    expect(commands.map(({ id, name }) => ({ id, name }))).toEqual([
      { id: 'check-setup', name: 'Check the setup (doctor)' },
    ]);
    commands[0]?.callback();
    while (opened.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const [shown] = opened;
    expect(shown?.title).toBe('Setup check (doctor)');
    expect(shown?.text).toContain('MCP Connector doctor: vault "Notes"');
    expect(shown?.text).toContain(`ok    Port: ${port} (fixed): free`);
    expect(shown?.text).toContain('FAIL  Tokens: none: no client can connect');
    expect(shown?.text).toContain('fix: Add a token in the MCP Connector settings');
    expect(shown?.text).not.toContain('mcp-connector-headless');
  });
});
