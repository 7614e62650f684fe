/**
 * A realistic synthetic vault for benchmarks: N notes (about 2 KB each) in nested folders, with
 * frontmatter (tags, status, dates, aliases), headings, paragraphs of ordinary words, wikilinks
 * (with aliases, headings and some unresolved), embeds, inline tags, task lists and code blocks.
 * Deterministic: the same seed writes the same bytes.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';

const WORDS =
  'the of and a to in is you that it he was for on are as with his they I at be this have from or one had by word but not what all were we when your can said there use an each which she do how their if will up other about out many then them these so some her would make like him into time has look two more write go see number no way could people my than first water been call who oil its now find long down day did get come made may part garden project meeting idea budget travel recipe review plan draft research design client deadline summary'.split(
    ' ',
  );
const TAGS = [
  'project',
  'idea',
  'meeting',
  'todo',
  'reading',
  'journal',
  'work/client',
  'work/internal',
  'personal/health',
  'personal/finance',
  'reference',
  'draft',
];
const FOLDERS = [
  'Projects',
  'Projects/Archive',
  'Meetings',
  'Journal/2025',
  'Journal/2026',
  'Reference',
  'Ideas',
  'People',
  'Areas/Health',
  'Areas/Finance',
];

/** A small deterministic PRNG (mulberry32). */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface GeneratedVault {
  notes: number;
  bytes: number;
  paths: string[];
}

export function notePath(index: number): string {
  return `${FOLDERS[index % FOLDERS.length]}/Note ${index}.md`;
}

export async function generateVault(
  root: string,
  notes: number,
  seed = 42,
): Promise<GeneratedVault> {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const sentence = (length: number) => Array.from({ length }, () => pick(WORDS)).join(' ');
  const link = () => {
    const target = Math.floor(next() * notes * 1.05);
    const name = target < notes ? `Note ${target}` : `Missing ${target}`;
    const roll = next();
    if (roll < 0.15) return `[[${name}|${pick(WORDS)}]]`;
    if (roll < 0.25) return `[[${name}#Section 1]]`;
    return `[[${name}]]`;
  };
  let bytes = 0;
  const paths: string[] = [];
  for (let index = 0; index < notes; index++) {
    const lines = [
      '---',
      `tags: [${pick(TAGS)}, ${pick(TAGS)}]`,
      `status: ${pick(['active', 'done', 'waiting'])}`,
      `created: 2026-${String(1 + (index % 12)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}`,
      `aliases: [${sentence(2)}]`,
      '---',
      `# Note ${index}`,
      '',
      `${sentence(25)} ${link()} ${sentence(15)} #${pick(TAGS)}.`,
    ];
    for (let section = 1; section <= 3; section++) {
      lines.push(
        '',
        `## Section ${section}`,
        '',
        `${sentence(30)} ${link()}, ${sentence(20)}.`,
        '',
      );
      lines.push(
        `- [ ] ${sentence(6)} ${link()}`,
        `- [x] ${sentence(5)}`,
        `  - ${sentence(8)} #${pick(TAGS)}`,
      );
      if (section === 2)
        lines.push('', '```js', `const ${pick(WORDS)}Value = "${sentence(4)} #notatag";`, '```');
      if (section === 3 && next() < 0.2) lines.push('', `![[Note ${Math.floor(next() * notes)}]]`);
    }
    lines.push(
      '',
      `${sentence(45)} ${link()} ${sentence(30)}.`,
      '',
      `${sentence(40)} ^block${index}`,
      '',
    );
    const text = lines.join('\n');
    const path = notePath(index);
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
    bytes += Buffer.byteLength(text);
    paths.push(path);
  }
  return { notes, bytes, paths };
}

/** `bun scripts/bench/generate-vault.ts --notes N --out DIR`: writes a vault for benchmarks by hand. */
if (import.meta.main) {
  const { values } = parseArgs({
    options: { notes: { type: 'string' }, out: { type: 'string' }, seed: { type: 'string' } },
  });
  if (values.out === undefined) throw new Error('--out DIR is required.');
  const generated = await generateVault(
    values.out,
    Number(values.notes ?? 10_000),
    Number(values.seed ?? 42),
  );
  console.log(
    `${generated.notes} notes, ${(generated.bytes / 1024 / 1024).toFixed(1)} MB in ${values.out}`,
  );
}
