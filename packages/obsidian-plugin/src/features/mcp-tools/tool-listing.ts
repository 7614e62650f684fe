/**
 * The `tools/list` entry of a tool. Computed once per tool, because every client pays for these
 * bytes on every session and every request would otherwise rebuild them.
 */
import type { Tool as ListedTool } from '@modelcontextprotocol/server';
import type { Tool } from './define-tool.ts';

const listings = new WeakMap<Tool, ListedTool>();

export function toolListing(tool: Tool): ListedTool {
  let listing = listings.get(tool);
  if (listing === undefined) {
    listing = {
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: tool.inputJsonSchema as ListedTool['inputSchema'],
      annotations: tool.annotations,
    };
    listings.set(tool, listing);
  }
  return listing;
}
