/**
 * The table `bun run bench:peers` prints (issue 43's shape): one row per figure, one column per
 * server, ours first; each peer's cell carries ours/peer, so below 1 is ours ahead. A cell is the
 * median over the rounds; a server without the figure (no content search) prints "(none)".
 */

/** The figures of one server in one round; a figure it cannot give is absent. */
export type PeerFigures = Partial<Record<PeerFigure, number>>;

export type PeerFigure = 'listWarmMs' | 'listColdMs' | 'rssMiB' | 'searchMs';

export interface PeerColumn {
  name: string;
  rounds: PeerFigures[];
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** The median of a figure over the rounds that have it; NaN when none has it. */
export function medianOf(column: PeerColumn, figure: PeerFigure): number {
  return median(
    column.rounds.flatMap((round) => (round[figure] === undefined ? [] : [round[figure]])),
  );
}

/** Milliseconds as people read them: `86 ms`, `1.4 s`, `14.6 s`. */
export function formatDuration(ms: number): string {
  if (Number.isNaN(ms)) return '(none)';
  if (ms < 1000) return `${ms < 10 ? ms.toFixed(1) : ms.toFixed(0)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

export function formatMiB(mib: number): string {
  return Number.isNaN(mib) ? '(none)' : `${mib.toFixed(0)} MiB`;
}

/** ours/peer as `0.42x`, or nothing when either side lacks the figure. */
export function formatRatio(ours: number, peer: number): string {
  const ratio = ours / peer;
  if (!Number.isFinite(ratio)) return '';
  return ratio < 0.1 ? `${ratio.toFixed(3)}x` : `${ratio.toFixed(2)}x`;
}

interface Row {
  label: string;
  cell(column: PeerColumn): { value: string; ratioOf: number };
}

const ROWS: Row[] = [
  {
    label: 'spawn -> tools/list answered, warm / cold',
    cell: (column) => {
      const warm = medianOf(column, 'listWarmMs');
      const cold = medianOf(column, 'listColdMs');
      return { value: `${formatDuration(warm)} / ${formatDuration(cold)}`, ratioOf: warm };
    },
  },
  {
    label: 'RSS at ready, warm',
    cell: (column) => {
      const rss = medianOf(column, 'rssMiB');
      return { value: formatMiB(rss), ratioOf: rss };
    },
  },
  {
    label: 'search a rare word',
    cell: (column) => {
      const search = medianOf(column, 'searchMs');
      return { value: formatDuration(search), ratioOf: search };
    },
  },
];

/** The cold figure's ratio is shown beside the warm one's: both matter to a client. */
function listRatio(ours: PeerColumn, peer: PeerColumn): string {
  const warm = formatRatio(medianOf(ours, 'listWarmMs'), medianOf(peer, 'listWarmMs'));
  const cold = formatRatio(medianOf(ours, 'listColdMs'), medianOf(peer, 'listColdMs'));
  return warm === '' && cold === '' ? '' : `${warm || '-'} / ${cold || '-'}`;
}

/** A Markdown table: a title cell, ours, then each peer with ours/peer in brackets. */
export function peersTable(title: string, ours: PeerColumn, peers: readonly PeerColumn[]): string {
  const header = [title, ours.name, ...peers.map((peer) => peer.name)];
  const lines = [header, header.map(() => '---')];
  for (const row of ROWS) {
    const oursCell = row.cell(ours);
    const peerCells = peers.map((peer) => {
      const cell = row.cell(peer);
      const ratio =
        row === ROWS[0] ? listRatio(ours, peer) : formatRatio(oursCell.ratioOf, cell.ratioOf);
      return ratio === '' ? cell.value : `${cell.value} (ours ${ratio})`;
    });
    lines.push([row.label, oursCell.value, ...peerCells]);
  }
  return lines.map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}
