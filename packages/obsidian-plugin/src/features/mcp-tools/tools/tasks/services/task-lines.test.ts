import { expect, test } from 'bun:test';
import { tasksOf } from './task-lines.ts';

const NOTE = [
  '---',
  'tags: [chores]',
  '---',
  '# Tasks',
  '- [ ] water the beans 📅 2026-06-01 #garden/beds ^water',
  '- [x] feed the bees',
  '  - [/] nested, in progress',
  '1. [ ] numbered [due:: 2026-02-02]',
  '> - [ ] in a quote',
  '```',
  '- [ ] in a code block',
  '```',
  '<!-- - [ ] in a comment -->',
  '* [-] cancelled',
  '- [ ]',
  '- [ ]no space is not a task',
  '- not a task',
  '',
].join('\n');

test('every task line with its status, 0-indexed line, text, fields, tags and block id', () => {
  expect(tasksOf(NOTE)).toEqual([
    {
      line: 4,
      status: ' ',
      text: 'water the beans 📅 2026-06-01 #garden/beds ^water',
      due: '2026-06-01',
      tags: ['garden/beds'],
      blockId: 'water',
    },
    { line: 5, status: 'x', text: 'feed the bees', tags: [] },
    { line: 6, status: '/', text: 'nested, in progress', tags: [] },
    { line: 7, status: ' ', text: 'numbered [due:: 2026-02-02]', due: '2026-02-02', tags: [] },
    { line: 8, status: ' ', text: 'in a quote', tags: [] },
    { line: 13, status: '-', text: 'cancelled', tags: [] },
    { line: 14, status: ' ', text: '', tags: [] },
  ]);
});

test('a CRLF note gives the same tasks, without the carriage returns', () => {
  expect(tasksOf(NOTE.replaceAll('\n', '\r\n'))).toEqual(tasksOf(NOTE));
});
