/**
 * The one global tool registry: a plain list, gathered from each category's index (a family).
 * Registering a tool is one line in its category's index. Tokens never change this list; each
 * resolves a scope over it.
 */
import type { Tool } from './define-tool.ts';
import { activeFileTools } from './tools/active-file/index.ts';
import { basesTools } from './tools/bases/index.ts';
import { canvasTools } from './tools/canvas/index.ts';
import { changeTools } from './tools/changes/index.ts';
import { executionTools } from './tools/execution/index.ts';
import { fileTools } from './tools/files/index.ts';
import { frontmatterTools } from './tools/frontmatter/index.ts';
import { maintenanceTools } from './tools/maintenance/index.ts';
import { periodicTools } from './tools/periodic/index.ts';
import { searchTools } from './tools/search/index.ts';
import { semanticTools } from './tools/semantic/index.ts';
import { sectionTools } from './tools/sections/index.ts';
import { serverTools } from './tools/server/index.ts';
import { structureTools } from './tools/structure/index.ts';
import { taskTools } from './tools/tasks/index.ts';
import { webTools } from './tools/web/index.ts';

export interface ToolFamily {
  name: string;
  tools: readonly Tool[];
}

/** The tools by family, in the order the settings tab and the reference show them. */
export const toolFamilies: readonly ToolFamily[] = [
  { name: 'Server', tools: serverTools },
  { name: 'Files', tools: fileTools },
  { name: 'Active file', tools: activeFileTools },
  { name: 'Sections', tools: sectionTools },
  { name: 'Structure and links', tools: structureTools },
  { name: 'Properties', tools: frontmatterTools },
  { name: 'Search', tools: searchTools },
  { name: 'Bases', tools: basesTools },
  { name: 'Semantic search', tools: semanticTools },
  { name: 'Maintenance', tools: maintenanceTools },
  { name: 'Periodic notes', tools: periodicTools },
  { name: 'Tasks', tools: taskTools },
  { name: 'Canvas', tools: canvasTools },
  { name: 'Commands and templates', tools: executionTools },
  { name: 'Web', tools: webTools },
  { name: 'Change journal', tools: changeTools },
];

export const allTools: readonly Tool[] = toolFamilies.flatMap((family) => family.tools);
