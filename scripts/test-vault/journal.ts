/**
 * Journal/Daily and Meetings: daily notes for May 2026, made from Templates/Daily note (weather
 * and mood properties, a log that links to the day's hive inspections, beds and people, tasks,
 * and a Tasks-plugin query block), and the garden committee's monthly meetings (attendees as
 * links, decisions with block ids, actions with due dates).
 */
import { addDays, blockId, frontmatter, weekday, type Files, type Rng } from './common.ts';
import { inspectionPath } from './apiary.ts';
import { PEOPLE } from './people.ts';

const WEATHER = ['Sunny', 'Cloudy', 'Light rain', 'Showers', 'Warm and still', 'Windy', 'Drizzle'];
const LOG = [
  'Watered [[{bed}]] before work; the soil was dry two fingers down.',
  'Weeded around the onions in [[{bed}]].',
  'Earthed up the potatoes and put fleece back over [[{bed}]].',
  'Sowed a second row of lettuce between the peas.',
  'Slug patrol after the rain: forty-two. See [[Slugs and snails]].',
  'Turned compost with [[Joaquín Ortega|Joaquín]]; bay two is at 55 °C.',
  'Picked the first strawberries, a handful.',
  '[[{person}]] dropped by with spare seedlings.',
  'Cut back the borage that was flopping over the path.',
  'Read two chapters of [[{book}]] on the bus.',
  'Made [[{recipe}]] for dinner.',
  'Fixed the gate latch on the north side.',
];
const TASKS = [
  'Order more fleece',
  'Email the committee about the open day',
  'Repot the basil seedlings',
  'Clean the smoker',
  'Buy jam jars',
  'Check the water butt levels',
  'Tie in the tomatoes',
  'Pay the allotment fee',
];

export interface JournalInputs {
  inspections: readonly { date: string; hive: string }[];
  beds: readonly string[];
  books: readonly string[];
  recipes: readonly string[];
}

function fill(line: string, rng: Rng, inputs: JournalInputs): string {
  return line
    .replace('{bed}', rng.pick(inputs.beds))
    .replace('{person}', rng.pick(PEOPLE).name)
    .replace('{book}', rng.pick(inputs.books))
    .replace('{recipe}', rng.pick(inputs.recipes));
}

function dailyNote(date: string, rng: Rng, inputs: JournalInputs): string {
  const properties = frontmatter({
    tags: ['daily'],
    weather: `${rng.pick(WEATHER)}, ${rng.int(9, 24)} °C`,
    mood: rng.int(2, 5),
  });
  const log = rng.some(LOG, rng.int(2, 4)).map((line) => `- ${fill(line, rng, inputs)}`);
  for (const { hive } of inputs.inspections.filter((visit) => visit.date === date)) {
    const path = inspectionPath(date, hive).replace(/\.md$/, '');
    log.unshift(`- Inspected ${hive}: [[${path.replace(/^.*\//, '')}|notes]].`);
  }
  const lines = [
    `# ${date}`,
    '',
    `${weekday(date)}.`,
    '',
    '## Log',
    '',
    ...log,
    '',
    '## Tasks',
    '',
    ...rng.some(TASKS, rng.int(1, 3)).map((task) => `- [${rng.chance(0.5) ? 'x' : ' '}] ${task}`),
    '',
    '## Due today',
    '',
    '```tasks',
    'not done',
    `due on ${date}`,
    '```',
    '',
  ];
  return properties + lines.join('\n');
}

const AGENDA = [
  'Treasurer’s report',
  'Greenhouse build progress',
  'Seed library opening hours',
  'Water use and the meter reading',
  'Open day planning',
  'Hive siting and the neighbours',
  'Grant application deadline',
  'Volunteer rota for the summer',
  'Compost bays and who turns them',
];
const DECISIONS = [
  'Spend up to £300 on polycarbonate sheets from [[Frank Moreau|Frank]].',
  'Open the seed library on the first Saturday of each month.',
  'Move the hives ten metres further from the path.',
  'Apply for the council’s community fund, not the lottery one.',
  'Buy a second water butt for the greenhouse.',
  'Hold the open day on the last Sunday of June.',
  'Ask the school group to take over watering in July.',
  'Stop using slug pellets anywhere on the site.',
];
const ACTIONS = [
  'circulate the minutes',
  'get three quotes for timber',
  'book the hall for the open day',
  'write the grant budget section',
  'print the seed library flyer',
  'speak to the neighbours about the hives',
  'read the water meter',
  'order the bee suits for visitors',
];

function meetingNote(date: string, rng: Rng): string {
  const attendees = rng.some(PEOPLE.slice(0, 9), rng.int(4, 6));
  const chair = PEOPLE[0];
  if (chair !== undefined && !attendees.includes(chair)) attendees.unshift(chair);
  const properties = frontmatter({
    tags: ['meeting', 'meeting/committee'],
    date,
    attendees: attendees.map((person) => `[[${person.name}]]`),
    location: rng.pick(['The shed', 'Community hall', 'Zoë’s kitchen']),
  });
  const [year, month, day] = date.split('-');
  const title = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day))).toLocaleDateString(
    'en-GB',
    {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    },
  );
  const due = addDays(date, 21);
  const lines = [
    `# Garden committee, ${title}`,
    '',
    `Present: ${attendees.map((person) => `[[${person.name}|${person.aliases[0]}]]`).join(', ')}.`,
    '',
    '## Agenda',
    '',
    ...rng.some(AGENDA, 3).map((item, index) => `${index + 1}. ${item}`),
    '',
    '## Decisions',
    '',
    ...rng.some(DECISIONS, 2).map((decision) => `- ${decision} ^${blockId(rng)}`),
    '',
    '## Actions',
    '',
    ...rng.some(ACTIONS, 3).map((action) => {
      const owner = rng.pick(attendees);
      return `- [ ] [[${owner.name}|${owner.aliases[0]}]] to ${action} 📅 ${due}`;
    }),
    '',
  ];
  return properties + lines.join('\n');
}

export function journalNotes(rng: Rng, inputs: JournalInputs): Files {
  const files: Files = {};
  for (let offset = 0; offset < 28; offset++) {
    const date = addDays('2026-05-04', offset);
    if (offset % 4 === 3) continue; // not every day gets a note
    files[`Journal/Daily/${date}.md`] = dailyNote(date, rng, inputs);
  }
  for (let month = 1; month <= 8; month++) {
    const date = `2026-${String(month).padStart(2, '0')}-${String(8 + ((month * 3) % 7)).padStart(2, '0')}`;
    files[`Meetings/${date} Garden committee.md`] = meetingNote(date, rng);
  }
  return files;
}
