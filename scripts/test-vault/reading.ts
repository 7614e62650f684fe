/**
 * Reading/: notes on books about bees, gardens and food, with the reading properties (author,
 * status, rating, started and finished dates, topics as tags) and the owner's own takeaways.
 */
import { frontmatter, type Files, type Rng } from './common.ts';

interface Book {
  title: string;
  author: string;
  topic: string;
  status: 'finished' | 'reading' | 'to read';
  takeaways: string[];
  related: string[];
}

export const BOOKS: readonly Book[] = [
  {
    title: 'Honeybee Democracy',
    author: 'Thomas D. Seeley',
    topic: 'bees',
    status: 'finished',
    takeaways: [
      'A swarm picks its new home by a kind of debate among the scouts.',
      'The waggle dance is an advert: the longer the dance, the better the site.',
      'Useful for understanding why bait hives work where they do.',
    ],
    related: ['[[Swarm catch May 2024]]', '[[Apiary]]'],
  },
  {
    title: 'The Buzz about Bees',
    author: 'Jürgen Tautz',
    topic: 'bees',
    status: 'finished',
    takeaways: [
      'The colony works as one organism: the "superorganism" idea.',
      'Comb is a communication network as much as a store.',
      'Brood temperature shapes the adult bee.',
    ],
    related: ['[[Hive Linden]]'],
  },
  {
    title: 'Braiding Sweetgrass',
    author: 'Robin Wall Kimmerer',
    topic: 'nature',
    status: 'finished',
    takeaways: [
      'Reciprocity: take only what is given, give something back.',
      'The three sisters bed as a lesson in cooperation.',
      'Made me rethink the harvest festival.',
    ],
    related: ['[[Runner bean]]', '[[Sweetcorn]]', '[[Squash]]'],
  },
  {
    title: 'Teaming with Microbes',
    author: 'Jeff Lowenfels and Wayne Lewis',
    topic: 'soil',
    status: 'finished',
    takeaways: [
      'Soil is a food web; tilling breaks the fungal threads.',
      'Compost tea is less magic than its fans claim.',
      'Mulch feeds the fungi, and the fungi feed the plants.',
    ],
    related: ['[[Soil and compost]]'],
  },
  {
    title: 'The Art of Fermentation',
    author: 'Sandor Ellix Katz',
    topic: 'food',
    status: 'reading',
    takeaways: [
      'Salt concentration is the main lever: 2 % for most vegetables.',
      'Scum on top is not mould; fuzzy coloured growth is.',
    ],
    related: ['[[Fermentation basics]]', '[[Sauerkraut]]'],
  },
  {
    title: 'Salt, Fat, Acid, Heat',
    author: 'Samin Nosrat',
    topic: 'food',
    status: 'finished',
    takeaways: [
      'Season early, not just at the end.',
      'Acid is what most bland dishes are missing.',
    ],
    related: ['[[Roasted tomato soup]]'],
  },
  {
    title: 'The Well-Tempered Garden',
    author: 'Christopher Lloyd',
    topic: 'gardening',
    status: 'to read',
    takeaways: [],
    related: [],
  },
  {
    title: 'Gaia’s Garden',
    author: 'Toby Hemenway',
    topic: 'gardening',
    status: 'reading',
    takeaways: [
      'Guilds of plants around a fruit tree.',
      'Stack functions: a hedge can be windbreak, forage and food.',
    ],
    related: ['[[Companion planting]]', '[[Bee forage calendar]]'],
  },
  {
    title: 'The Hidden Life of Trees',
    author: 'Peter Wohlleben',
    topic: 'nature',
    status: 'finished',
    takeaways: [
      'Trees share sugar through the fungal network.',
      'Slow growth in youth makes for a long life.',
    ],
    related: [],
  },
  {
    title: 'Wilding',
    author: 'Isabella Tree',
    topic: 'nature',
    status: 'to read',
    takeaways: [],
    related: ['[[Bee forage calendar]]'],
  },
];

export function bookPath(book: Book): string {
  return `Reading/${book.title.replaceAll(',', '')}.md`;
}

export function readingNotes(rng: Rng): Files {
  const files: Files = {};
  for (const book of BOOKS) {
    const started =
      book.status === 'to read'
        ? null
        : `2025-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
    const finished =
      book.status === 'finished'
        ? `2026-${String(rng.int(1, 9)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`
        : null;
    const properties = frontmatter({
      tags: ['book', `book/${book.topic}`],
      author: book.author,
      status: book.status,
      rating: book.status === 'finished' ? rng.int(3, 5) : null,
      started,
      finished,
    });
    const lines = [`# ${book.title}`, '', `By ${book.author}.`, ''];
    if (book.takeaways.length > 0) {
      lines.push('## Takeaways', '', ...book.takeaways.map((line) => `- ${line}`), '');
    } else lines.push('Not started yet. #to-read', '');
    if (book.related.length > 0) lines.push('## Related', '', book.related.join(' · '), '');
    files[bookPath(book)] = properties + lines.join('\n');
  }
  return files;
}
