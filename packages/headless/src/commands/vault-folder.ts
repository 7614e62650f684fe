/**
 * The `--vault DIR` every command takes: a leading `~` means the home folder (client configs
 * pass arguments without a shell to expand it), and a folder that is not there is refused before
 * anything is created in it.
 */
import { expandHome } from '@mcp-connector/shared';
import { stat } from 'node:fs/promises';
import { homedir } from 'node:os';

/** The vault folder, ready to open; the message echoes the path as the user gave it. */
export async function requireVaultFolder(given: string): Promise<string> {
  const path = expandHome(given, homedir());
  const found = await stat(path).catch(() => null);
  if (found === null)
    throw new Error(
      `vault folder not found: ${given}. Give the folder that holds the notes (the one with .obsidian in it).`,
    );
  if (!found.isDirectory())
    throw new Error(`vault folder not found: ${given} is a file; give the folder that holds it.`);
  return path;
}
