import { afterEach, expect, test } from 'bun:test';
import { openTestHost, type TestHost } from '../../../../host/test-support/test-host.ts';
import { revisionOf } from '../../services/revision.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { listTasks } from './list-tasks.ts';

let vault: TestHost;
afterEach(() => vault.close());

const HOME = '# Home\n- [ ] call the vet 📅 2026-03-01 #animals\n- [x] buy seeds ✅ 2026-02-01\n';
const GARDEN = [
  '- [ ] sow peas [due:: 2026-03-15] #garden/beds',
  '- [/] build the fence #garden',
  '- [-] plant palms',
  '```',
  '- [ ] not a task',
  '```',
  '',
].join('\n');

async function open() {
  vault = await openTestHost({
    'Home.md': HOME,
    'Garden/Beds.md': GARDEN,
    'Garden/Plain.md': 'no tasks here\n',
  });
}

const where = (result: Record<string, unknown>) =>
  (result.tasks as { path: string; line: number }[]).map((task) => `${task.path}:${task.line}`);

test('open tasks by default, across the vault, by path then line, with their fields', async () => {
  await open();
  const result = await runOk(listTasks, vault.host, {});
  expect(where(result)).toEqual(['Garden/Beds.md:0', 'Garden/Beds.md:1', 'Home.md:1']);
  expect((result.tasks as unknown[])[2]).toEqual({
    path: 'Home.md',
    revision: revisionOf(HOME),
    line: 1,
    status: ' ',
    text: 'call the vet 📅 2026-03-01 #animals',
    due: '2026-03-01',
    tags: ['animals'],
  });
  expect(result).toMatchObject({ total: 3, truncated: false });
});

test('status, due, tag, text and scope filters', async () => {
  await open();
  const call = async (args: Record<string, unknown>) =>
    where(await runOk(listTasks, vault.host, args));
  expect(await call({ status: 'done' })).toEqual(['Home.md:2']);
  expect(await call({ status: 'any' })).toHaveLength(5);
  expect(await call({ due: { before: '2026-03-15' } })).toEqual(['Home.md:1']);
  expect(await call({ due: { after: '2026-03-01' } })).toEqual(['Garden/Beds.md:0']);
  expect(await call({ due: { on: '2026-03-15' } })).toEqual(['Garden/Beds.md:0']);
  expect(await call({ tag: '#Garden' })).toEqual(['Garden/Beds.md:0', 'Garden/Beds.md:1']);
  expect(await call({ tag: 'garden/beds' })).toEqual(['Garden/Beds.md:0']);
  expect(await call({ text: 'VET' })).toEqual(['Home.md:1']);
  expect(await call({ scope: 'Garden', status: 'any' })).toEqual([
    'Garden/Beds.md:0',
    'Garden/Beds.md:1',
    'Garden/Beds.md:2',
  ]);
  expect(await call({ scope: 'Home.md' })).toEqual(['Home.md:1']);
});

test('limit cuts the list and says so; bad dates and scopes are refused', async () => {
  await open();
  expect(await runOk(listTasks, vault.host, { status: 'any', limit: 2 })).toMatchObject({
    total: 5,
    truncated: true,
  });
  const badDate = await runFail(listTasks, vault.host, { due: { before: 'March' } });
  expect(badDate.code).toBe('invalid_arguments');
  expect(badDate.message).toContain('YYYY-MM-DD');
  expect((await runFail(listTasks, vault.host, { scope: 'Nowhere' })).code).toBe('not_found');
});
