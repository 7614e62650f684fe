/**
 * Garden/Plants, Garden/Pests and Garden/Beds: a plant profile per crop (family, when to sow,
 * spacing, companions and pests as links), a note per pest or disease (which plants it hits, what
 * worked), and a note per raised bed (its rotation group and what grows there this year).
 */
import { frontmatter, type Files, type Rng } from './common.ts';
import { PLANTS, type Plant } from './garden-plants.ts';

interface Pest {
  name: string;
  kind: string;
  signs: string;
  worked: string;
  didNot: string;
}

export const PESTS: readonly Pest[] = [
  {
    name: 'Aphids',
    kind: 'insect',
    signs: 'Curled leaves, sticky honeydew, ants farming the colonies.',
    worked: 'A hard spray of water, ladybird larvae, nasturtiums as a decoy.',
    didNot: 'Washing-up liquid spray: scorched the basil.',
  },
  {
    name: 'Slugs and snails',
    kind: 'mollusc',
    signs: 'Silver trails, ragged holes, seedlings gone overnight.',
    worked:
      'Torch patrols after rain, beer traps, raising seedlings to a bigger size before planting.',
    didNot: 'Crushed eggshells did nothing at all.',
  },
  {
    name: 'Cabbage white butterfly',
    kind: 'insect',
    signs: 'Yellow egg clusters under leaves, then caterpillars and skeletons of leaves.',
    worked: 'Fine netting from June, checking undersides weekly.',
    didNot: 'Decoy white eggshells on sticks.',
  },
  {
    name: 'Carrot fly',
    kind: 'insect',
    signs: 'Rusty tunnels in the roots, foliage turning red.',
    worked: 'A 60 cm barrier of fleece around the bed; sowing thinly.',
    didNot: 'Interplanting with onions alone.',
  },
  {
    name: 'Blight',
    kind: 'disease',
    signs: 'Brown patches on leaves and stems after two warm wet days; fruit rotting from the top.',
    worked: 'Resistant varieties, removing lower leaves, growing tomatoes under cover.',
    didNot: 'Copper spray, which we have stopped using.',
  },
  {
    name: 'Powdery mildew',
    kind: 'disease',
    signs: 'White dust on leaves in late summer, worse in dry soil.',
    worked: 'Mulching and watering at the roots; a milk spray of one part to nine.',
    didNot: 'Removing affected leaves once it had spread.',
  },
  {
    name: 'Flea beetle',
    kind: 'insect',
    signs: 'Tiny round holes in the leaves of young brassicas and rocket.',
    worked: 'Fleece over seedlings; keeping the soil moist.',
    didNot: 'Sticky traps.',
  },
  {
    name: 'Leek moth',
    kind: 'insect',
    signs: 'Pale windows in the leaves, caterpillars down in the shaft.',
    worked: 'Mesh from April to September.',
    didNot: 'Late planting alone.',
  },
  {
    name: 'Vine weevil',
    kind: 'insect',
    signs: 'Notches cut in leaf edges; plants in pots collapse as the grubs eat the roots.',
    worked: 'Nematodes in April and September.',
    didNot: 'Grit on the compost surface.',
  },
  {
    name: 'Clubroot',
    kind: 'disease',
    signs: 'Swollen, distorted roots; plants wilt on sunny days.',
    worked: 'Liming the bed and a long rotation; raising transplants in clean compost.',
    didNot: 'Nothing cures it once it is in the soil.',
  },
];

const SEASON_NOTES = [
  'Did well this year despite the dry June.',
  'Germination was patchy; the seed was two years old.',
  'Best crop we have had from this bed.',
  'Got going late after the cold spring.',
  'Swapped seedlings with the seed library and the new variety was better.',
  'Needs more water than I give it.',
];

function plantNote(item: Plant, rng: Rng): string {
  const properties = frontmatter({
    aliases: [item.latin],
    tags: ['garden/plant', `garden/family/${item.family.toLowerCase()}`],
    family: item.family,
    sow: item.sow,
    spacing_cm: item.spacing,
    perennial: item.perennial,
    bee_friendly: item.beeFriendly,
  });
  const sowing = item.sow.map((month) => month.slice(0, 3)).join(', ');
  const lines = [
    `# ${item.name}`,
    '',
    `*${item.latin}*, family ${item.family}. Sow: ${sowing}. Spacing ${item.spacing} cm.`,
    '',
    '## Growing',
    '',
    item.tip,
    item.beeFriendly
      ? 'A good bee plant: see [[Bee forage calendar]].'
      : `Not much use to the bees.`,
    '',
    '## Companions',
    '',
    ...(item.companions.length === 0
      ? ['None in particular.']
      : item.companions.map((name) => `- [[${name}]]`)),
    '',
    '## Problems',
    '',
    ...(item.pests.length === 0
      ? ['Trouble-free so far.']
      : item.pests.map((name) => `- [[${name}]]`)),
    '',
    '## Notes by season',
    '',
    `- 2025: ${rng.pick(SEASON_NOTES)}`,
    `- 2026: ${rng.pick(SEASON_NOTES)}`,
    '',
  ];
  return properties + lines.join('\n');
}

function pestNote(pest: Pest): string {
  const hosts = PLANTS.filter((item) => item.pests.includes(pest.name)).map((item) => item.name);
  const properties = frontmatter({
    tags: ['garden/pest', `garden/pest/${pest.kind}`],
    kind: pest.kind,
  });
  const lines = [
    `# ${pest.name}`,
    '',
    '## Signs',
    '',
    pest.signs,
    '',
    '## Plants it goes for',
    '',
    hosts.map((name) => `[[${name}]]`).join(', '),
    '',
    '## What worked',
    '',
    pest.worked,
    '',
    '> [!failure] What did not',
    `> ${pest.didNot}`,
    '',
  ];
  return properties + lines.join('\n');
}

const ROTATION = ['Legumes', 'Brassicas', 'Roots', 'Alliums', 'Potatoes', 'Cucurbits'] as const;
const ROTATION_PLANTS: Record<string, string[]> = {
  Legumes: ['Runner bean', 'Broad bean', 'Pea'],
  Brassicas: ['Kale', 'Cabbage', 'Rocket', 'Radish'],
  Roots: ['Carrot', 'Beetroot', 'Parsnip', 'Chard'],
  Alliums: ['Garlic', 'Onion', 'Leek'],
  Potatoes: ['Potato', 'Tomato'],
  Cucurbits: ['Courgette', 'Squash', 'Sweetcorn'],
};
const FLOWERS = ['Calendula', 'Nasturtium', 'Borage', 'Phacelia'];
const SOIL = [
  'heavy clay, improved with leaf mould',
  'sandy and quick to dry',
  'good loam',
  'stony at the north end',
  'shaded by the hedge after four',
];
const BED_TASKS = [
  'Top-dress with compost',
  'Weed the paths',
  'Put up the netting',
  'Check the drip line',
  'Sow green manure after clearing',
  'Label the rows',
];

function bedNote(number: number, rng: Rng): string {
  const name = `Bed ${String(number).padStart(2, '0')}`;
  const group = ROTATION[(number - 1) % ROTATION.length] as string;
  const crops = rng.some(ROTATION_PLANTS[group] as string[], 2);
  const flower = rng.pick(FLOWERS);
  const properties = frontmatter({
    tags: ['garden/bed'],
    rotation: group,
    length_m: rng.pick([2.4, 3, 3.6]),
    covered: number > 10,
    planted: crops.map((crop) => `[[${crop}]]`),
  });
  const lines = [
    `# ${name}`,
    '',
    `Rotation group: **${group}**. Soil: ${rng.pick(SOIL)}.`,
    '',
    '## 2026',
    '',
    ...crops.map((crop) => `- [[${crop}]], ${rng.int(1, 4)} rows`),
    `- [[${flower}]] along the edge for the pollinators #garden/companion`,
    '',
    '## Jobs',
    '',
    ...rng
      .some(BED_TASKS, 2)
      .map((task, index) => `- [${index === 0 && rng.chance(0.5) ? 'x' : ' '}] ${task}`),
    '',
    `Next year this bed moves on to ${ROTATION[number % ROTATION.length]}; see [[Garden plan 2026#Rotation]].`,
    '',
  ];
  return properties + lines.join('\n');
}

export function gardenNotes(rng: Rng): Files {
  const files: Files = {};
  for (const item of PLANTS) files[`Garden/Plants/${item.name}.md`] = plantNote(item, rng);
  for (const pest of PESTS) files[`Garden/Pests/${pest.name}.md`] = pestNote(pest);
  for (let number = 1; number <= 12; number++) {
    files[`Garden/Beds/Bed ${String(number).padStart(2, '0')}.md`] = bedNote(number, rng);
  }
  return files;
}
