/**
 * The VaultHost contract: one suite every host implementation must pass, parameterised by a
 * factory that builds a host over a given set of files. NodeHost runs it in packages/headless,
 * ObsidianHost over the simulated Obsidian in host/obsidian/obsidian-host.test.ts. A host may
 * skip a case only by naming it with the reason. The cases about bytes (encodings, BOM, CRLF) and
 * notes a rename must not touch are in vault-host-contract-bytes.ts.
 */
import { afterEach, describe, expect, test } from 'bun:test';
import { ComputedAnswers, releaseComputedAnswers } from '../answers/computed-answers.ts';
import type { VaultEvent, VaultHost } from '../vault-host.ts';
import { answersSnapshot } from './answers-snapshot.ts';
import { bytesContract, failureCode } from './vault-host-contract-bytes.ts';

export { answersSnapshot } from './answers-snapshot.ts';

export interface HostFixture {
  host: VaultHost;
  cleanup(): Promise<void>;
}

/** Builds a host over these files (paths relative to the vault folder, dot-entries included). */
export type HostFactory = (files: Record<string, string | Uint8Array>) => Promise<HostFixture>;

const BASE_FILES = {
  'Welcome.md':
    '\uFEFF---\ntags: [start]\n---\n# Welcome\n\nSee [[Target]] and [[Missing]]. #inline\n',
  'Notes/Target.md': '# Target\n',
  'Notes/Sibling.md': 'Links to [[Target]] and [[Other/Target]].\n',
  'Other/Target.md': 'another target\n',
  'Images/pixel.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255]),
  '.obsidian/app.json': '{"trashOption": "local"}',
  '.git/HEAD': 'ref: refs/heads/main\n',
  '.hidden.md': 'not part of the vault\n',
};

export function runVaultHostContract(
  name: string,
  factory: HostFactory,
  skip: Record<string, string> = {},
): void {
  describe(`VaultHost contract: ${name}`, () => {
    let fixture: HostFixture | null = null;
    afterEach(async () => {
      await fixture?.cleanup();
      fixture = null;
    });
    async function open(
      files: Record<string, string | Uint8Array> = BASE_FILES,
    ): Promise<VaultHost> {
      fixture = await factory(files);
      return fixture.host;
    }
    const contractTest = (title: string, body: () => Promise<void>) =>
      skip[title] === undefined
        ? test(title, body)
        : test.skip(`${title} (skipped: ${skip[title]})`, body);

    contractTest('lists files and folders, never dot-entries or the config folder', async () => {
      const host = await open();
      expect(
        host
          .listFiles()
          .map((file) => file.path)
          .sort(),
      ).toEqual([
        'Images/pixel.png',
        'Notes/Sibling.md',
        'Notes/Target.md',
        'Other/Target.md',
        'Welcome.md',
      ]);
      expect(
        host
          .listFolders()
          .map((folder) => folder.path)
          .sort(),
      ).toEqual(['Images', 'Notes', 'Other']);
      expect(host.getFile('.hidden.md')).toBeNull();
      expect(host.getFolder('.obsidian')).toBeNull();
    });

    contractTest('describes a file and the root folder', async () => {
      const host = await open();
      expect(host.getFile('Notes/Target.md')).toMatchObject({
        name: 'Target.md',
        basename: 'Target',
        extension: 'md',
        stat: { size: 9 },
      });
      expect(host.getFolder('')).toEqual({ path: '', name: '' });
      expect(host.getFile('Notes')).toBeNull();
      expect(host.getFolder('Notes/Target.md')).toBeNull();
    });

    contractTest('reads text without a BOM and binary byte for byte', async () => {
      const host = await open();
      expect((await host.read('Welcome.md')).startsWith('---\ntags')).toBe(true);
      expect([...(await host.readBinary('Images/pixel.png'))]).toEqual([
        0x89, 0x50, 0x4e, 0x47, 0, 255,
      ]);
      expect(await failureCode(host.read('Nope.md'))).toBe('not_found');
    });

    contractTest('creates files with their missing folders, and refuses to overwrite', async () => {
      const host = await open();
      const file = await host.create('New/Deep/note.md', 'hello');
      expect(file).toMatchObject({ path: 'New/Deep/note.md', basename: 'note', stat: { size: 5 } });
      expect(await host.read('New/Deep/note.md')).toBe('hello');
      expect(host.getFolder('New/Deep')).not.toBeNull();
      expect(await failureCode(host.create('Welcome.md', 'x'))).toBe('already_exists');
      expect(await failureCode(host.create('welcome.md', 'x'))).toBe('already_exists');
      await host.createBinary('Images/copy.bin', new Uint8Array([1, 2, 3]));
      expect([...(await host.readBinary('Images/copy.bin'))]).toEqual([1, 2, 3]);
    });

    contractTest(
      'modifyBinary replaces the bytes of an existing file, notes included',
      async () => {
        const host = await open();
        await host.modifyBinary('Images/pixel.png', new Uint8Array([7, 8]));
        expect([...(await host.readBinary('Images/pixel.png'))]).toEqual([7, 8]);
        await host.modifyBinary(
          'Notes/Target.md',
          new TextEncoder().encode('# Moved [[Welcome]]\n'),
        );
        expect(await host.read('Notes/Target.md')).toBe('# Moved [[Welcome]]\n');
        expect(host.getFileCache('Notes/Target.md')?.links?.[0]?.link).toBe('Welcome');
        expect(await failureCode(host.modifyBinary('Nope.png', new Uint8Array([1])))).toBe(
          'not_found',
        );
      },
    );

    contractTest(
      'process is an atomic read-modify-write: concurrent edits lose nothing',
      async () => {
        const host = await open();
        await Promise.all(
          Array.from({ length: 50 }, (_, index) =>
            host.process('Notes/Target.md', (text) => `${text}line ${index}\n`),
          ),
        );
        const lines = (await host.read('Notes/Target.md'))
          .split('\n')
          .filter((line) => line.startsWith('line '));
        expect(lines.length).toBe(50);
        expect(await failureCode(host.process('Nope.md', (text) => text))).toBe('not_found');
      },
    );

    contractTest('createFolder is idempotent and refuses a file path', async () => {
      const host = await open();
      await host.createFolder('A/B');
      await host.createFolder('A/B');
      expect(host.getFolder('A/B')).not.toBeNull();
      expect(await failureCode(host.createFolder('Welcome.md'))).toBe('not_a_folder');
    });

    contractTest('parses note metadata and tags', async () => {
      const host = await open();
      const cache = host.getFileCache('Welcome.md');
      expect(cache?.frontmatter).toEqual({ tags: ['start'] });
      expect(cache?.headings?.map((heading) => heading.heading)).toEqual(['Welcome']);
      expect(host.getAllTags('Welcome.md').sort()).toEqual(['#inline', '#start']);
      expect(host.getFileCache('Images/pixel.png')).toBeNull();
    });

    contractTest('resolves links as Obsidian does and keeps the link graph current', async () => {
      const host = await open();
      expect(host.getFirstLinkpathDest('Target', 'Notes/Sibling.md')).toBe('Notes/Target.md');
      expect(host.getFirstLinkpathDest('Other/Target', 'Notes/Sibling.md')).toBe('Other/Target.md');
      expect(host.unresolvedLinks()['Welcome.md']).toEqual({ Missing: 1 });
      await host.create('Missing.md', 'now it exists');
      expect(host.resolvedLinks()['Welcome.md']).toMatchObject({ 'Missing.md': 1 });
      expect(host.unresolvedLinks()['Welcome.md']).toEqual({});
    });

    contractTest('rename moves without touching links; renameFile rewrites them', async () => {
      const host = await open();
      await host.rename('Other/Target.md', 'Other/Moved.md');
      expect(await host.read('Notes/Sibling.md')).toBe(
        'Links to [[Target]] and [[Other/Target]].\n',
      );
      await host.renameFile('Notes/Target.md', 'Notes/Renamed.md');
      expect(await host.read('Notes/Sibling.md')).toContain('[[Renamed]]');
      expect(host.getFile('Notes/Target.md')).toBeNull();
      expect(await failureCode(host.renameFile('Nope.md', 'X.md'))).toBe('not_found');
      expect(await failureCode(host.renameFile('Welcome.md', 'Notes/Renamed.md'))).toBe(
        'already_exists',
      );
    });

    contractTest('trashFile removes a file or folder from the vault, recoverably', async () => {
      const host = await open();
      await host.trashFile('Notes/Sibling.md');
      await host.trashFile('Other');
      expect(host.getFile('Notes/Sibling.md')).toBeNull();
      expect(host.getFile('Other/Target.md')).toBeNull();
      expect(host.getFolder('Other')).toBeNull();
      expect(await failureCode(host.trashFile('Nope.md'))).toBe('not_found');
    });

    contractTest(
      '"delete permanently" still trashes: the file leaves the vault at once',
      async () => {
        const host = await open({ 'a.md': 'one', '.obsidian/app.json': '{"trashOption":"none"}' });
        const events: VaultEvent[] = [];
        host.onEvent((event) => events.push(event));
        await host.trashFile('a.md');
        expect(host.getFile('a.md')).toBeNull();
        expect(host.listFiles()).toEqual([]);
        expect(events).toEqual([{ kind: 'delete', path: 'a.md' }]);
      },
    );

    contractTest(
      'processFrontMatter edits keys; invalid YAML leaves the file untouched',
      async () => {
        const host = await open({ ...BASE_FILES, 'Bad.md': '---\na: [1\n---\nbody\n' });
        await host.processFrontMatter('Notes/Target.md', (frontmatter) => {
          frontmatter.status = 'done';
        });
        expect(await host.read('Notes/Target.md')).toBe('---\nstatus: done\n---\n# Target\n');
        expect(host.getFileCache('Notes/Target.md')?.frontmatter).toEqual({ status: 'done' });
        expect(await failureCode(host.processFrontMatter('Bad.md', () => undefined))).toBe(
          'invalid_frontmatter',
        );
        expect(await host.read('Bad.md')).toBe('---\na: [1\n---\nbody\n');
      },
    );

    contractTest("generates links in the user's format", async () => {
      const host = await open();
      expect(host.generateMarkdownLink('Notes/Target.md', 'Welcome.md')).toBe('[[Notes/Target]]');
      expect(host.generateMarkdownLink('Welcome.md', 'Notes/Target.md', '#Welcome', 'home')).toBe(
        '[[Welcome#Welcome|home]]',
      );
    });

    contractTest('reads the link format from app.json; a missing target is not_found', async () => {
      const host = await open({
        '.obsidian/app.json': '{"useMarkdownLinks": true, "newLinkFormat": "absolute"}',
        'Folder/Café (draft).md': '',
        'index.md': '',
      });
      expect(host.generateMarkdownLink('Folder/Café (draft).md', 'index.md')).toBe(
        '[Café (draft)](Folder/Caf%C3%A9%20(draft).md)',
      );
      expect(() => host.generateMarkdownLink('Nope.md', 'index.md')).toThrow(
        expect.objectContaining({ code: 'not_found' }),
      );
    });

    contractTest('reports every change to listeners', async () => {
      const host = await open();
      const events: VaultEvent[] = [];
      const stop = host.onEvent((event) => events.push(event));
      await host.create('E.md', 'x');
      await host.process('E.md', () => 'y');
      await host.rename('E.md', 'F.md');
      await host.trashFile('F.md');
      stop();
      await host.create('G.md', 'after unsubscribing');
      expect(events).toEqual([
        { kind: 'create', path: 'E.md' },
        { kind: 'modify', path: 'E.md' },
        { kind: 'rename', path: 'F.md', oldPath: 'E.md' },
        { kind: 'delete', path: 'F.md' },
      ]);
    });

    contractTest('tracks the active file', async () => {
      const host = await open();
      expect(host.getActiveFile()).toBeNull();
      await host.openFile('Notes/Target.md', false);
      expect(host.getActiveFile()).toBe('Notes/Target.md');
      expect(await failureCode(host.openFile('Nope.md', true))).toBe('not_found');
    });

    contractTest('reads config files, null when missing', async () => {
      const host = await open();
      expect(await host.readConfigFile('app.json')).toBe('{"trashOption": "local"}');
      expect(await host.readConfigFile('daily-notes.json')).toBeNull();
    });

    contractTest(
      "answers what the answers computed from the host's other methods give",
      async () => {
        const host = await open();
        const computed = new ComputedAnswers(host);
        const expectSame = async () =>
          expect(await answersSnapshot(host.answers(), ['Nope.md'])).toEqual(
            await answersSnapshot(computed, ['Nope.md']),
          );
        try {
          expect(host.answers()).toBe(host.answers());
          await expectSame();
          await host.create('Notes/New.md', '#start #Inline/deep [[Missing]] [[Target]]\n');
          await host.process('Welcome.md', (text) => `${text}\n[[Also missing]] #START\n`);
          await host.createBinary('Images/new.png', new Uint8Array([1, 2]));
          await host.renameFile('Notes', 'Moved');
          await host.trashFile('Other/Target.md');
          await expectSame();
        } finally {
          computed.dispose();
          releaseComputedAnswers(host);
        }
      },
    );

    bytesContract(contractTest, open);
  });
}
