/**
 * data.json, as the settings store reads it (slice by slice, nothing moved or written): readable,
 * each slice matching the format (the invalid ones named), and with tokens.
 */
import type { LoadedSettings } from '../../../settings/index.ts';
import type { DoctorEnvironment } from '../environment.ts';
import { deviceHomeIn, settingsPathIn, shown } from '../environment.ts';
import { sentence, type DoctorCheck } from '../report.ts';

/** No file yet: the store reads defaults and nothing is unreadable. */
export function isMissing(file: LoadedSettings): boolean {
  return file.raw === null && !file.unreadable;
}

export function checkSettings(env: DoctorEnvironment, file: LoadedSettings): DoctorCheck {
  const check = { id: 'settings', title: 'Settings (data.json)' };
  const where = shown(env, settingsPathIn(env));
  if (file.unreadable)
    return {
      ...check,
      status: 'fail',
      summary: `${where} cannot be read: ${file.problem ?? 'it is not a JSON object'}`,
      fix: `Repair the file by hand, or move it away and ${env.advice.startServer}.`,
    };
  if (isMissing(file))
    return {
      ...check,
      status: 'warn',
      summary: `${where} does not exist yet: no server has run in this vault`,
      fix: sentence(env.advice.startServer),
    };
  if (file.invalid.length > 0) {
    const slices = file.invalid.join(', ');
    return {
      ...check,
      status: 'fail',
      summary: `invalid slice${file.invalid.length === 1 ? '' : 's'}: ${slices}`,
      details: file.problem === null ? [] : [file.problem],
      fix: `Correct ${slices} in ${where}, or ${env.advice.editSettings}.`,
    };
  }
  const device = deviceHomeIn(env);
  return {
    ...check,
    status: 'ok',
    summary: where,
    // What is not in the vault, and where this device keeps it (ADR-0033).
    details: [
      `on this device: ${shown(env, device.state)} (secrets, journal, usage, live-server.json)`,
      `and ${shown(env, device.cache)} (caches)`,
    ],
  };
}

export function checkTokens(env: DoctorEnvironment, file: LoadedSettings): DoctorCheck {
  const check = { id: 'tokens', title: 'Tokens' };
  if (file.unreadable || file.invalid.includes('tokens'))
    return {
      ...check,
      status: 'fail',
      summary: 'unknown: the tokens in data.json cannot be read',
      fix: 'Fix the settings first (above).',
    };
  const tokens = file.settings.tokens;
  if (tokens.length === 0)
    return {
      ...check,
      status: 'fail',
      summary: 'none: no client can connect',
      fix: sentence(env.advice.addToken),
    };
  const labels = tokens.map((token) => `"${token.label}"`).join(', ');
  return { ...check, status: 'ok', summary: `${tokens.length}: ${labels}` };
}
