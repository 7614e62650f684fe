/**
 * Long calls as MCP tasks (ADR-0036), on both protocol lines, with the official SDK client over
 * HTTP: a task-augmented search_and_replace answers at once with a working task; tasks/get
 * shows its progress; tasks/cancel stops it and its notes are put back; a task runs to its
 * answer; another token's tasks/get is refused as not found. The legacy line asks with
 * `params.task` (MCP 2025-11-25). On the 2026-07-28 line the client names the
 * io.modelcontextprotocol/tasks extension in its capabilities; the SDK client cannot read a
 * `resultType: "task"` answer yet (its codec refuses it), so the test reads the task from the
 * response on the wire and polls with the client's own requests.
 */
import { afterEach, describe, expect } from 'bun:test';
import { addToken } from '@mcp-connector/obsidian-plugin/tool-policy';
import {
  Client,
  StreamableHTTPClientTransport,
  type StandardSchemaV1,
} from '@modelcontextprotocol/client';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { realpathSync } from 'node:fs';
import { deviceHomeOf } from '@mcp-connector/shared';
import {
  PROTOCOL_LINES,
  buildVault,
  callOk,
  httpTest,
  snapshotVault,
  startTestServer,
  type McpTestServer,
  type ProtocolLine,
} from '../test-support/index.ts';

const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
const NOTES = 400;
const REPLACE = { pattern: 'garden', replacement: 'orchard', dry_run: false };
/** How long a task may take to reach a state, on a busy machine. */
const STATE_BOUND_MS = 60_000;

/** Any result: the test checks the shapes itself. */
const ANY: StandardSchemaV1<unknown, Record<string, unknown>> = {
  '~standard': {
    version: 1,
    vendor: 'test',
    validate: (value) => ({ value: value as Record<string, unknown> }),
  },
};

interface TaskClient {
  client: Client;
  /** Starts search_and_replace as a task; the task as the answer gave it. */
  startTask(args: Record<string, unknown>): Promise<{ task: Record<string, unknown> }>;
  get(taskId: string): Promise<Record<string, unknown>>;
  cancel(taskId: string): Promise<Record<string, unknown>>;
}

let server: McpTestServer | null = null;
afterEach(async () => {
  await server?.stop();
  server = null;
});

function gardenNotes(): Record<string, string> {
  const notes: Record<string, string> = {};
  for (let index = 0; index < NOTES; index++)
    notes[`Notes/${index % 10}/Note ${index}.md`] =
      `# Note ${index}\n\na garden path ${'lorem ipsum dolor sit amet '.repeat(20)}\n`;
  return notes;
}

/** A client of `line` for `secret` that takes tasks; on 2026-07-28 it keeps the wire's answers. */
async function taskClient(url: URL, secret: string, line: ProtocolLine): Promise<TaskClient> {
  const answers: unknown[] = [];
  const client = new Client(
    { name: 'tasks-e2e', version: '1.0.0' },
    {
      versionNegotiation: { mode: line === 'modern' ? { pin: '2026-07-28' } : 'legacy' },
      ...(line === 'modern' && { capabilities: { extensions: { [TASKS_EXTENSION]: {} } } }),
    },
  );
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: { headers: { Authorization: `Bearer ${secret}` } },
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      if (response.headers.get('content-type')?.includes('application/json'))
        answers.push(await response.clone().json());
      return response;
    },
  });
  await client.connect(transport);
  const request = (method: string, params: Record<string, unknown>) =>
    client.request({ method, params }, ANY);
  return {
    client,
    async startTask(args) {
      if (line === 'legacy') {
        const answer = await request('tools/call', {
          name: 'search_and_replace',
          arguments: args,
          task: { ttl: 600_000 },
        });
        return { task: answer.task as Record<string, unknown> };
      }
      const failure: unknown = await client
        .callTool({ name: 'search_and_replace', arguments: args })
        .catch((error: unknown) => error);
      expect(failure).toMatchObject({ data: { resultType: 'task' } }); // the SDK cannot read it
      const wire = answers.at(-1) as { result: Record<string, unknown> };
      return { task: wire.result };
    },
    get: (taskId) => request('tasks/get', { taskId }),
    cancel: (taskId) => request('tasks/cancel', { taskId }),
  };
}

async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + STATE_BOUND_MS;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`not there within ${STATE_BOUND_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function imagesOf(running: McpTestServer): Promise<string[]> {
  const folder = join(deviceHomeOf(realpathSync(running.vault.root)).changeJournal, 'images');
  return readdir(folder).catch(() => []);
}

describe.each(PROTOCOL_LINES)('tasks on the %s line', (line) => {
  httpTest(
    'a task starts at once, shows its progress, and tasks/cancel puts its notes back',
    async () => {
      server = await startTestServer(await buildVault(gardenNotes()));
      const running = server;
      const owner = await taskClient(running.url, running.token, line);
      const before = await snapshotVault(running.vault.root);
      // At once: the answer is the task, still working, not the replacement's result (a wall-time
      // bound here failed on a busy machine).
      const { task } = await owner.startTask(REPLACE);
      expect(task).toMatchObject({ status: 'working' });
      const taskId = task.taskId as string;
      const writing = await until(
        () => owner.get(taskId),
        (seen) => String(seen.statusMessage).startsWith('Replacing in notes:'),
      );
      expect(writing).toMatchObject({ taskId, status: 'working' });
      expect(String(writing.statusMessage)).toMatch(
        /^Replacing in notes: [\d,]+ of [\d,]+ \(\d+%\)$/,
      );

      const other = await addToken(running.settings, 'other');
      const stranger = await taskClient(running.url, other.secret, line);
      const refused: unknown = await stranger.get(taskId).catch((error: unknown) => error);
      expect(refused).toMatchObject({ code: -32602 });
      expect(String((refused as Error).message)).toContain('not found');
      expect(await stranger.cancel(taskId).catch((error: unknown) => error)).toMatchObject({
        code: -32602,
      });

      const acknowledged = await owner.cancel(taskId);
      if (line === 'legacy') {
        expect(acknowledged).toMatchObject({ taskId, status: 'cancelled' });
        const answer = await owner.client.request(
          { method: 'tasks/result', params: { taskId } },
          ANY,
        );
        expect(answer).toMatchObject({
          isError: true,
          structuredContent: { code: 'cancelled' },
          _meta: { 'io.modelcontextprotocol/related-task': { taskId } },
        });
      } else {
        // An empty acknowledgement: no task in it (the SDK stamps the server's name in _meta).
        expect(Object.keys(acknowledged).filter((key) => key !== '_meta')).toEqual([]);
        await until(
          () => owner.get(taskId),
          (seen) => seen.status === 'cancelled',
        );
      }
      expect(await snapshotVault(running.vault.root)).toEqual(before);
      expect(await imagesOf(running)).toEqual([]);
      expect((await callOk(owner.client, 'list_changes', {})).changes).toEqual([]);
    },
    180_000,
  );

  httpTest(
    'a task runs to its answer, which only its token reads; tools and server info say so',
    async () => {
      server = await startTestServer(await buildVault(gardenNotes()));
      const running = server;
      const owner = await taskClient(running.url, running.token, line);
      const info = await callOk(owner.client, 'get_server_info', {});
      expect((info.tasks as { tools: string[] }).tools).toContain('search_and_replace');
      const { task } = await owner.startTask(REPLACE);
      const taskId = task.taskId as string;
      if (line === 'legacy') {
        const listed = (await owner.client.listTools()).tools.find(
          (tool) => tool.name === 'search_and_replace',
        );
        expect(listed?.execution).toEqual({ taskSupport: 'optional' });
        const answer = await owner.client.request(
          { method: 'tasks/result', params: { taskId } },
          ANY,
        );
        expect(answer.structuredContent).toMatchObject({ filesChanged: NOTES });
        expect(await owner.get(taskId)).toMatchObject({ status: 'completed' });
        const tasks = await owner.client.request({ method: 'tasks/list', params: {} }, ANY);
        expect(tasks.tasks).toMatchObject([{ taskId, status: 'completed' }]);
      } else {
        const ended = await until(
          () => owner.get(taskId),
          (seen) => seen.status !== 'working',
        );
        expect(ended).toMatchObject({
          status: 'completed',
          result: { structuredContent: { filesChanged: NOTES } },
        });
      }
      expect(await imagesOf(running)).toHaveLength(NOTES);
    },
    180_000,
  );
});
