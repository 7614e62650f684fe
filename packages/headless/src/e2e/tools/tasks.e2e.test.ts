/**
 * The task tools end to end: the real headless server on a temp copy of the test vault, the
 * official SDK client on both protocol lines. Expected values come from the notes themselves
 * (Greenhouse build's tasks with `^frame`; the daily notes, whose `due on` lines sit in tasks code
 * blocks). The test vault enables the Tasks plugin with its defaults, so completing a task adds
 * `✅ today`. When the tasks-demo vault is beside the repository, its Tasks documentation samples
 * (Formats/) are read as Tasks and Dataview write them, and its global filter `#task` is obeyed.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import {
  TASKS_DEMO,
  TASKS_DEMO_VAULT,
  describeWithSharedData,
} from '@mcp-connector/shared/test-support';
import {
  PROTOCOL_LINES,
  callFail,
  callOk,
  copyVault,
  readOnlyClient,
  startTestServer,
  whileHidden,
  type McpTestServer,
} from '../../test-support/index.ts';

const GREENHOUSE = 'Projects/Greenhouse build/Greenhouse build.md';

interface ListedTask {
  path: string;
  line: number;
  status: string;
  text: string;
  due?: string;
  done?: string;
  priority?: string;
  blockId?: string;
  tags: string[];
}

let t: McpTestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

const tasksOf = (result: Record<string, unknown>) => result.tasks as ListedTask[];
const today = () => {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

describe('list_tasks', () => {
  test.each(PROTOCOL_LINES)('%s: a note’s tasks with status, fields and block id', async (line) => {
    const client = await t.connect(line);
    const lines = (await t.readText(GREENHOUSE)).split('\n');
    const frame = lines.findIndex((text) => text.endsWith('^frame'));
    const result = await callOk(client, 'list_tasks', { scope: GREENHOUSE, status: 'any' });
    const tasks = tasksOf(result);
    expect(tasks.map((task) => task.status)).toEqual(['x', 'x', 'x', '/', ' ', ' ', '-']);
    expect(tasks.find((task) => task.line === frame)).toMatchObject({
      path: GREENHOUSE,
      status: '/',
      text: 'Build the frame (weekends, with Ravi) 📅 2026-12-20 ^frame',
      due: '2026-12-20',
      blockId: 'frame',
    });
    const open = tasksOf(await callOk(client, 'list_tasks', { scope: GREENHOUSE }));
    expect(open.map((task) => task.status)).toEqual(['/', ' ', ' ']);
    const done = tasksOf(await callOk(client, 'list_tasks', { scope: GREENHOUSE, status: 'done' }));
    expect(done.map((task) => task.done)).toEqual(['2025-10-18', '2025-11-08', '2026-02-14']);
  });

  test('vault-wide filters by due date and tag; nothing in a code block is a task', async () => {
    const client = await t.connect('modern');
    const dueSoon = tasksOf(
      await callOk(client, 'list_tasks', { due: { after: '2026-12-01', before: '2026-12-31' } }),
    );
    expect(dueSoon.map((task) => [task.path, task.due])).toEqual([
      ['Projects/Grant application.md', '2026-12-05'],
      ['Projects/Grant application.md', '2026-12-15'],
      [GREENHOUSE, '2026-12-20'],
    ]);
    const tagged = tasksOf(await callOk(client, 'list_tasks', { tag: 'apiary' }));
    expect(tagged.length).toBeGreaterThan(0);
    for (const task of tagged) expect(task.tags.some((tag) => tag.startsWith('apiary'))).toBe(true);
    const daily = await callOk(client, 'list_tasks', {
      scope: 'Journal/Daily',
      status: 'any',
      text: 'due on',
    });
    expect(daily).toMatchObject({ tasks: [], total: 0, truncated: false });
    const capped = await callOk(client, 'list_tasks', { status: 'any', limit: 5 });
    expect(capped).toMatchObject({ truncated: true });
    expect((capped.total as number) > 100).toBe(true);
  });
});

describe('set_task_status', () => {
  test.each(PROTOCOL_LINES)(
    '%s: done adds ✅ today (the Tasks plugin is on), open takes it off',
    async (line) => {
      const client = await t.connect(line);
      const path = `E2E/Tasks ${line}.md`;
      await callOk(client, 'create_vault_file', {
        path,
        content: '# Jobs\n- [ ] oil the hinges ^hinges\n',
      });
      const done = await callOk(client, 'set_task_status', {
        path,
        blockId: 'hinges',
        status: 'done',
      });
      expect(done).toMatchObject({ line: 1, status: 'x', previous: ' ', doneDate: today() });
      expect(done.because).toContain('Tasks plugin is enabled');
      expect(await t.readText(path)).toBe(`# Jobs\n- [x] oil the hinges ✅ ${today()} ^hinges\n`);
      const stale = await callFail(client, 'set_task_status', {
        path,
        line: 1,
        status: 'open',
        expectedRevision: '0000000000000000',
      });
      expect(stale).toMatchObject({
        code: 'precondition_failed',
        details: { currentRevision: done.revision },
      });
      await callOk(client, 'set_task_status', {
        path,
        line: 1,
        status: 'open',
        expectedRevision: done.revision,
      });
      expect(await t.readText(path)).toBe('# Jobs\n- [ ] oil the hinges ^hinges\n');
      expect(
        (await callFail(client, 'set_task_status', { path, line: 0, status: 'done' })).code,
      ).toBe('task_not_found');
    },
  );
});

describe('hidden folders and read-only tokens', () => {
  test('tasks in a hidden folder are never listed, and cannot be set', async () => {
    const client = await t.connect('modern');
    const all = tasksOf(await callOk(client, 'list_tasks', { status: 'any', limit: 1000 }));
    const inApiary = all.filter((task) => task.path.startsWith('Apiary/'));
    expect(inApiary.length).toBeGreaterThan(0);
    const path = 'Apiary/Hives/Hive Clover.md';
    const before = await t.readText(path);
    const [listed, scoped, set] = await whileHidden(t, ['Apiary'], async () => [
      tasksOf(await callOk(client, 'list_tasks', { status: 'any', limit: 1000 })),
      (await callFail(client, 'list_tasks', { scope: 'Apiary' })).code,
      (await callFail(client, 'set_task_status', { path, line: inApiary[0]?.line, status: 'done' }))
        .code,
    ]);
    expect(listed).toEqual(all.filter((task) => !task.path.startsWith('Apiary/')));
    expect([scoped, set]).toEqual(['not_found', 'not_found']);
    expect(await t.readText(path)).toBe(before);
  });

  test.each(PROTOCOL_LINES)(
    '%s: a read-only token lists tasks and cannot set one',
    async (line) => {
      const reader = await readOnlyClient(t, line);
      const before = await t.readText(GREENHOUSE);
      expect(tasksOf(await callOk(reader, 'list_tasks', { scope: GREENHOUSE })).length).toBe(3);
      const refused = await callFail(reader, 'set_task_status', {
        path: GREENHOUSE,
        blockId: 'frame',
        status: 'done',
      });
      expect(refused.code).toBe('tool_not_allowed');
      expect(await t.readText(GREENHOUSE)).toBe(before);
    },
  );
});

describeWithSharedData('the Tasks documentation samples in tasks-demo', [TASKS_DEMO_VAULT], () => {
  let demo: McpTestServer;
  beforeAll(async () => {
    demo = await startTestServer(await copyVault(TASKS_DEMO));
  });
  afterAll(() => demo.stop());

  const fields = (tasks: ListedTask[]) =>
    tasks.slice(0, 12).map(({ due, done, priority, ...task }) => ({
      status: task.status,
      ...(due !== undefined && { due }),
      ...(done !== undefined && { done }),
      ...(priority !== undefined && { priority }),
    }));

  test.each(['Formats/Tasks Format.md', 'Formats/Dataview Format.md'])(
    '%s: dates and priorities as the Tasks plugin writes them',
    async (path) => {
      const client = await demo.connect('modern');
      const tasks = tasksOf(await callOk(client, 'list_tasks', { scope: path, status: 'any' }));
      const dates = tasks.slice(0, 6).map((task) => /\d{4}-\d{2}-\d{2}/.exec(task.text)?.[0]);
      expect(dates).toEqual([
        '2023-04-13',
        '2023-04-14',
        '2023-04-15',
        '2023-04-16',
        '2023-04-17',
        '2023-04-18',
      ]);
      expect(tasks[0]).toMatchObject({ created: '2023-04-13', tags: ['task'] });
      expect(tasks[1]).toMatchObject({ scheduled: '2023-04-14' });
      expect(tasks[2]).toMatchObject({ start: '2023-04-15' });
      expect(fields(tasks)).toEqual([
        { status: ' ' },
        { status: ' ' },
        { status: ' ' },
        { status: ' ', due: '2023-04-16' },
        { status: 'x', done: '2023-04-17' },
        { status: '-' },
        { status: ' ', priority: 'lowest' },
        { status: ' ', priority: 'low' },
        { status: ' ' },
        { status: ' ', priority: 'medium' },
        { status: ' ', priority: 'high' },
        { status: ' ', priority: 'highest' },
      ]);
      expect(tasks[5]).toMatchObject({ cancelled: '2023-04-18' });
    },
  );

  test('its global filter #task decides which tasks get a done date', async () => {
    const client = await demo.connect('legacy');
    const path = 'E2E/Filter.md';
    await callOk(client, 'create_vault_file', {
      path,
      content: '- [ ] #task filtered\n- [ ] not filtered\n',
    });
    const filtered = await callOk(client, 'set_task_status', { path, line: 0, status: 'done' });
    const plain = await callOk(client, 'set_task_status', { path, line: 1, status: 'done' });
    expect(await demo.readText(path)).toBe(
      `- [x] #task filtered ✅ ${today()}\n- [x] not filtered\n`,
    );
    expect(filtered.doneDate).toBe(today());
    expect(plain).toMatchObject({ doneDate: null });
    expect(plain.because).toContain('#task');
  });
});
