/**
 * The one global tool registry: a plain list, gathered from each category's index. Registering
 * a tool is one line in its category's index. Tokens never change this list; each resolves a
 * scope over it.
 */
import type { Tool } from './define-tool.ts';
import { activeFileTools } from './tools/active-file/index.ts';
import { canvasTools } from './tools/canvas/index.ts';
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
import { webTools } from './tools/web/index.ts';

export const allTools: readonly Tool[] = [
  ...serverTools,
  ...fileTools,
  ...activeFileTools,
  ...sectionTools,
  ...structureTools,
  ...frontmatterTools,
  ...searchTools,
  ...semanticTools,
  ...maintenanceTools,
  ...periodicTools,
  ...canvasTools,
  ...executionTools,
  ...webTools,
];
