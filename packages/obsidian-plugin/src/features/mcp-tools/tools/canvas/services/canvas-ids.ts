/**
 * Ids for new nodes and edges as Obsidian makes them: 16 random hex characters, never one the
 * canvas already uses for a node or an edge.
 */
import type { CanvasDocument } from './canvas-document.ts';

export function newCanvasId(canvas: CanvasDocument, random: () => string = randomHex): string {
  const taken = new Set([...canvas.nodes, ...canvas.edges].map((item) => item.id));
  let id = random();
  while (taken.has(id)) id = random();
  return id;
}

function randomHex(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
