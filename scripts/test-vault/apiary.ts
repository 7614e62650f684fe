/**
 * Apiary/Inspections: one note per hive visit, April to September 2026, for the three hives.
 * Each has the inspection's properties (hive link, time, temperature, queen and eggs seen, brood
 * frames, stores, temper, mite drop), a short account and the jobs it left.
 */
import { addDays, frontmatter, type Files, type Rng } from './common.ts';

const HIVES = ['Clover', 'Heather', 'Linden'] as const;
const STORES = ['low', 'medium', 'good', 'heavy'];
const TEMPERS = ['calm', 'calm', 'calm', 'busy', 'nervous', 'defensive'];
const WEATHER = [
  'sunny',
  'bright with light cloud',
  'warm and still',
  'overcast but dry',
  'breezy',
  'humid after rain',
];

const OBSERVATIONS = [
  'Plenty of pollen coming in, mostly orange (probably dandelion).',
  'Found the queen on frame 4, walking calmly across fresh eggs.',
  'Drone brood on the bottom bars; cut out a patch for a mite check.',
  'Capped honey across the top of frames 1 to 3.',
  'Wax moth larvae in the floor debris; cleaned the floor.',
  'Bees bearding on the front in the afternoon heat.',
  'Brood pattern tight and even, no gaps worth worrying about.',
  'A few chalkbrood mummies on the landing board.',
  'They are drawing foundation in the super at last.',
  'Heavy nectar flow from the lime trees on the avenue.',
  'Saw robbing wasps at the entrance; reduced it to two bees wide.',
  'Queen not seen, but eggs standing up in the cells, so she was there three days ago.',
];

const ACTIONS = [
  'Add a super next visit',
  'Swap the floor for a clean one',
  'Order more foundation',
  'Check the mite board on Sunday',
  'Put the entrance reducer back',
  'Mark the queen when she is found',
  'Move two frames of stores across',
  'Clean the crown board',
];

export function inspectionPath(date: string, hive: string): string {
  return `Apiary/Inspections/${date} ${hive}.md`;
}

/** The visit dates: every 10 to 12 days from early April, one hive a day apart. */
export function inspectionDates(rng: Rng): { date: string; hive: string }[] {
  const visits: { date: string; hive: string }[] = [];
  let round = '2026-04-04';
  for (let index = 0; index < 10; index++) {
    HIVES.forEach((hive, offset) => visits.push({ date: addDays(round, offset), hive }));
    round = addDays(round, rng.int(14, 17));
  }
  return visits;
}

function inspectionNote(date: string, hive: string, visit: number, rng: Rng): string {
  const queenSeen = rng.chance(0.6);
  const mites = rng.int(0, visit > 6 ? 18 : 8);
  const properties = frontmatter({
    tags: ['apiary/inspection'],
    hive: `[[Hive ${hive}]]`,
    inspected: `${date}T${String(rng.int(10, 15)).padStart(2, '0')}:${rng.pick(['00', '15', '30', '45'])}`,
    temperature_c: rng.int(12, 27),
    queen_seen: queenSeen,
    eggs_seen: queenSeen || rng.chance(0.8),
    brood_frames: Math.min(10, 3 + Math.floor(visit / 2) + rng.int(0, 2)),
    stores: rng.pick(STORES),
    temper: rng.pick(TEMPERS),
    mite_drop: mites,
  });
  const lines = [
    `# ${hive}, ${date}`,
    '',
    `Weather ${rng.pick(WEATHER)}. Inspection ${visit + 1} of the season for [[Hive ${hive}]].`,
    '',
    rng.some(OBSERVATIONS, rng.int(2, 3)).join(' '),
    '',
  ];
  if (mites > 12) {
    lines.push(
      '> [!warning] Mite drop is high',
      `> ${mites} mites a day on the board. Plan a treatment: see [[Varroa treatment#When to treat]].`,
      '',
    );
  }
  if (visit === 3 && hive === 'Heather') {
    lines.push(
      '> [!danger] Queen cells',
      '> Three charged queen cells on frame 6. Did an artificial swarm as [[Tomasz Wierzbicki|Tomasz]] showed me. #apiary/swarm',
      '',
    );
  }
  lines.push('## Actions', '');
  for (const action of rng.some(ACTIONS, 2))
    lines.push(`- [${rng.chance(0.4) ? 'x' : ' '}] ${action}`);
  lines.push('');
  return properties + lines.join('\n');
}

export function apiaryNotes(rng: Rng, visits: readonly { date: string; hive: string }[]): Files {
  const files: Files = {};
  const seen: Record<string, number> = {};
  for (const { date, hive } of visits) {
    const visit = seen[hive] ?? 0;
    seen[hive] = visit + 1;
    files[inspectionPath(date, hive)] = inspectionNote(date, hive, visit, rng);
  }
  return files;
}
