/**
 * The doctor's report: one check per line, each with its status, what was found and, when
 * something is wrong, the fix. `ok` and `info` are well; `warn` and `fail` are problems, and the
 * CLI exits 0 only when there are none.
 */
export type CheckStatus = 'ok' | 'info' | 'warn' | 'fail';

export interface DoctorCheck {
  /** Stable, for scripts reading --json: vault, config-folder, settings, tokens, port, server, clients, node, semantic, hidden-folders. */
  id: string;
  title: string;
  status: CheckStatus;
  summary: string;
  /** What to do about it (problems only). */
  fix?: string;
  /** Lines under the summary (one per client entry, per port...). */
  details?: string[];
}

export interface DoctorReport {
  vault: string;
  checks: DoctorCheck[];
  problems: number;
}

export function isProblem(check: DoctorCheck): boolean {
  return check.status === 'warn' || check.status === 'fail';
}

export function reportOf(vault: string, checks: DoctorCheck[]): DoctorReport {
  return { vault, checks, problems: checks.filter(isProblem).length };
}

const LABELS: Record<CheckStatus, string> = { ok: 'ok', info: 'info', warn: 'WARN', fail: 'FAIL' };

/** The report as text lines (the CLI prints them; Obsidian shows them in a modal). */
export function formatReport(report: DoctorReport): string[] {
  const lines = [`Local MCP Server doctor: ${report.vault}`, ''];
  for (const check of report.checks) {
    lines.push(`${LABELS[check.status].padEnd(5)} ${check.title}: ${check.summary}`);
    for (const detail of check.details ?? []) lines.push(`      ${detail}`);
    if (check.fix !== undefined) lines.push(`      fix: ${check.fix}`);
  }
  lines.push('');
  lines.push(
    report.problems === 0
      ? 'All is well.'
      : `${report.problems} problem${report.problems === 1 ? '' : 's'} found.`,
  );
  return lines;
}

/** A fix as a sentence, from an advice clause ("run ...", "open ..."). */
export function sentence(clause: string): string {
  return `${clause.charAt(0).toUpperCase()}${clause.slice(1)}.`;
}
