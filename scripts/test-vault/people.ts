/**
 * People/: the gardeners, beekeepers and suppliers the vault's owner works with. Each note has
 * aliases (so links by first name resolve), a role, how to reach them and what they help with.
 */
import { frontmatter, type Files, type Rng } from './common.ts';

export interface Person {
  name: string;
  aliases: string[];
  role: string;
  met: string;
  email: string;
  about: string;
  helpsWith: string[];
}

export const PEOPLE: readonly Person[] = [
  {
    name: 'Ines Okafor',
    aliases: ['Ines'],
    role: 'Chair of the garden committee',
    met: '2023-03-18',
    email: 'ines.okafor@example.org',
    about:
      'Runs the committee with a firm agenda and a kind voice. Knows the council people by name.',
    helpsWith: ['[[Grant application]]', '[[Seed library]]'],
  },
  {
    name: 'Tomasz Wierzbicki',
    aliases: ['Tomasz', 'Tom W'],
    role: 'Beekeeping mentor',
    met: '2024-04-02',
    email: 'tomasz.w@example.net',
    about:
      'Kept bees for thirty years on the allotments by the railway. Gentle with colonies, blunt with people.',
    helpsWith: ['[[Hive Clover]]', '[[Varroa treatment]]', '[[Overwintering]]'],
  },
  {
    name: 'Zoë Brandt',
    aliases: ['Zoë', 'Zoe'],
    role: 'Treasurer',
    met: '2023-03-18',
    email: 'zoe.brandt@example.org',
    about:
      'Keeps the accounts in a spreadsheet that nobody else is allowed to touch, which is fair.',
    helpsWith: [
      '[[Projects/Greenhouse build/Budget|Greenhouse budget]]',
      '[[Projects/Seed library/Budget|Seed library budget]]',
    ],
  },
  {
    name: 'Ravi Menon',
    aliases: ['Ravi'],
    role: 'Carpenter, leads the greenhouse build',
    met: '2025-09-07',
    email: 'ravi@menon-joinery.example.com',
    about: 'Has opinions about larch versus cedar and is usually right. Works weekends only.',
    helpsWith: ['[[Greenhouse build]]', '[[Materials]]'],
  },
  {
    name: 'Hannah Kessler',
    aliases: ['Hannah'],
    role: 'Runs the seed library',
    met: '2024-02-11',
    email: 'hannah.k@example.org',
    about: 'Saves tomato seed from every plant she likes and labels every envelope by hand.',
    helpsWith: ['[[Seed library]]', '[[Tomato]]'],
  },
  {
    name: 'Joaquín Ortega',
    aliases: ['Joaquín', 'Joaquin'],
    role: 'Neighbour, compost enthusiast',
    met: '2023-06-24',
    email: 'jortega@example.com',
    about:
      'Turns the compost bays every Sunday and reports the temperature like a weather forecast.',
    helpsWith: ['[[Soil and compost]]'],
  },
  {
    name: 'Mei Lin Chua',
    aliases: ['Mei Lin', 'Mei'],
    role: 'Runs the preserving workshops',
    met: '2024-08-30',
    email: 'meilin.chua@example.org',
    about: 'Taught half the garden to ferment. Her kimchi is the reason the kale bed exists.',
    helpsWith: ['[[Fermentation basics]]', '[[Canning safety]]'],
  },
  {
    name: 'Sam Adeyemi',
    aliases: ['Sam'],
    role: 'Youth volunteers coordinator',
    met: '2025-04-12',
    email: 'sam.adeyemi@example.org',
    about: 'Brings a group from the secondary school on Wednesday afternoons in term time.',
    helpsWith: ['[[Watering schedule]]'],
  },
  {
    name: 'Greta Holm',
    aliases: ['Greta'],
    role: 'Secretary of the allotment board',
    met: '2023-05-02',
    email: 'greta.holm@example.org',
    about:
      'Answers emails within the hour and expects the same. Holds the keys to the water meter.',
    helpsWith: ['[[Rainwater harvesting]]'],
  },
  {
    name: 'Paul Achterberg',
    aliases: ['Dr. Achterberg', 'Paul'],
    role: 'Regional bee inspector',
    met: '2025-06-19',
    email: 'p.achterberg@example.gov',
    about: 'Visits once a year, checks for foulbrood and leaves a printed report.',
    helpsWith: ['[[Apiary]]'],
  },
  {
    name: 'Lotte van Dijk',
    aliases: ['Lotte'],
    role: 'Grants officer at the council',
    met: '2025-11-03',
    email: 'lotte.vandijk@example.gov',
    about: 'Patient with our questions about match funding. Prefers phone calls to email.',
    helpsWith: ['[[Grant application]]'],
  },
  {
    name: 'Frank Moreau',
    aliases: ['Frank'],
    role: 'Timber yard, Station Road',
    met: '2025-10-15',
    email: 'sales@moreau-timber.example.com',
    about: 'Sells offcuts cheaply if you come before ten. Delivers on Thursdays.',
    helpsWith: ['[[Materials]]'],
  },
];

const FOLLOW_UPS = [
  'Ask about the spare water butts.',
  'Send the photos from the open day.',
  'Return the borrowed smoker.',
  'Share the committee minutes.',
  'Confirm dates for the autumn work party.',
  'Thank them for the seedlings.',
];

export function peopleNotes(rng: Rng): Files {
  const files: Files = {};
  for (const person of PEOPLE) {
    const properties = frontmatter({
      aliases: person.aliases,
      tags: ['people'],
      role: person.role,
      email: person.email,
      met: person.met,
    });
    const body = [
      `# ${person.name}`,
      '',
      person.about,
      '',
      '## Helps with',
      '',
      ...person.helpsWith.map((link) => `- ${link}`),
      '',
      '## Follow up',
      '',
      `- [ ] ${rng.pick(FOLLOW_UPS)}`,
      '',
    ];
    files[`People/${person.name}.md`] = properties + body.join('\n');
  }
  return files;
}
