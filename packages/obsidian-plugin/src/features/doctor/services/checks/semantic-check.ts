/**
 * Semantic search: off, or whether the model its provider needs is present here (the host
 * decides how to look), and whether an index has been built yet.
 */
import type { Settings } from '@mcp-connector/shared';
import { readdir } from 'node:fs/promises';
import { deviceHomeIn, type DoctorEnvironment } from '../environment.ts';
import { sentence, type DoctorCheck } from '../report.ts';

export async function checkSemantic(
  env: DoctorEnvironment,
  settings: Settings | null,
): Promise<DoctorCheck> {
  const check = { id: 'semantic', title: 'Semantic search' };
  if (settings === null)
    return {
      ...check,
      status: 'info',
      summary: 'unknown: its settings in data.json cannot be read',
    };
  if (!settings.semantic.enabled)
    return {
      ...check,
      status: 'info',
      summary: 'off (search_vault_smart says so; search_vault_simple works)',
    };
  const model = await env.semanticModel(settings.semantic);
  const indexes = await readdir(deviceHomeIn(env).semanticIndex).catch(() => []);
  const details = [
    indexes.length === 0
      ? 'no index built yet (the first query builds it)'
      : `index on disk for: ${indexes.sort().join(', ')}`,
  ];
  return {
    ...check,
    status: model.status,
    summary: `provider "${settings.semantic.provider}": ${model.summary}`,
    details,
    ...(model.fix !== undefined && { fix: model.fix }),
    ...(model.fix === undefined &&
      model.status !== 'ok' && { fix: sentence(env.advice.semanticSettings) }),
  };
}
