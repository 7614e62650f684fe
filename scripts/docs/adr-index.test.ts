import { describe, expect, test } from 'bun:test';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';

const FOLDER = join(import.meta.dir, '..', '..', 'docs', 'architecture');
const INDEX = join(FOLDER, 'README.md');
const ADR_FILE = /^ADR-(\d{4})-[a-z0-9-]+\.md$/;
/** `| [ADR-0001](ADR-0001-x.md) | Title | accepted | One line. |` */
const INDEX_ROW = /^\|\s*\[ADR-(\d{4})\]\(([^)]+)\)\s*\|(.*)\|(.*)\|(.*)\|\s*$/;
const HEADING = /^# ADR-(\d{4}): (.+)$/m;
/** An ADR that was superseded says so on its status line: "Status: superseded by ADR-0032 ...". */
const SUPERSEDED = /^Status:.*?\bsuperseded by \[?ADR-(\d{4})/im;

interface IndexRow {
  number: string;
  file: string;
  title: string;
  status: string;
  summary: string;
}

interface Adr {
  file: string;
  number: string;
  title: string;
  status: string;
}

async function indexRows(): Promise<IndexRow[]> {
  const rows: IndexRow[] = [];
  for (const line of (await readFile(INDEX, 'utf8')).split('\n')) {
    const match = INDEX_ROW.exec(line);
    if (match === null) continue;
    const [number = '', file = '', title = '', status = '', summary = ''] = match.slice(1);
    rows.push({
      number,
      file,
      title: title.trim(),
      status: status.trim(),
      summary: summary.trim(),
    });
  }
  return rows;
}

async function adrs(): Promise<Adr[]> {
  const files = (await readdir(FOLDER)).filter((name) => ADR_FILE.test(name)).sort();
  return Promise.all(
    files.map(async (file) => {
      const text = await readFile(join(FOLDER, file), 'utf8');
      const heading = HEADING.exec(text);
      if (heading === null) throw new Error(`${file} has no "# ADR-NNNN: Title" heading.`);
      const superseded = SUPERSEDED.exec(text);
      return {
        file,
        number: heading[1] as string,
        title: (heading[2] ?? '').trim(),
        status: superseded === null ? 'accepted' : `superseded by ADR-${superseded[1]}`,
      };
    }),
  );
}

/** The index's status cell, with a link to the superseding ADR reduced to its name. */
function plainStatus(cell: string): string {
  return cell.replace(/\[(ADR-\d{4})\]\([^)]*\)/g, '$1');
}

describe('the ADR index (docs/architecture/README.md)', () => {
  test('lists every ADR file once, in number order, and nothing else', async () => {
    const listed = (await indexRows()).map((row) => row.file);
    const files = (await adrs()).map((adr) => adr.file);
    expect(listed).toEqual(files);
  });

  test('gives each ADR its own number, title and status, and a line of what it decided', async () => {
    const byFile = new Map((await adrs()).map((adr) => [adr.file, adr]));
    for (const row of await indexRows()) {
      const adr = byFile.get(row.file);
      if (adr === undefined) continue; // the test above names it
      expect({
        file: row.file,
        number: row.number,
        title: row.title,
        status: plainStatus(row.status),
      }).toEqual({
        file: adr.file,
        number: adr.number,
        title: adr.title,
        status: adr.status,
      });
      expect({ file: row.file, fileNumber: ADR_FILE.exec(row.file)?.[1] }).toEqual({
        file: row.file,
        fileNumber: row.number,
      });
      expect({ file: row.file, hasSummary: row.summary.length > 0 }).toEqual({
        file: row.file,
        hasSummary: true,
      });
    }
  });
});
