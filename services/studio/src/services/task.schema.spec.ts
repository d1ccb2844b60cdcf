/** The task input: a title of 1 to 200 characters, an optional due date and shoot, done or not. */
import { describe, expect, it } from 'vitest';
import { createTaskInput, TASK_TITLE_MAX } from './task.schema.js';

const WS = '7d4e1c1e-8a4b-4c7e-9f7a-1b2c3d4e5f60';
const SHOOT = '7d4e1c1e-8a4b-4c7e-9f7a-1b2c3d4e5f61';
const issue = (input: object) => createTaskInput.safeParse({ workspace_id: WS, title: 'Charge batteries', ...input }).error?.issues[0];

describe('createTaskInput', () => {
  it('trims the title; due date, shoot and done are optional', () => {
    expect(createTaskInput.parse({ workspace_id: WS, title: ' Charge batteries ' })).toEqual({
      workspaceId: WS,
      title: 'Charge batteries',
    });
    expect(createTaskInput.parse({ workspace_id: WS, title: 'T', due_at: '2026-06-01T10:00:00Z', shoot_id: SHOOT, done: true })).toEqual({
      workspaceId: WS,
      title: 'T',
      dueAt: new Date('2026-06-01T10:00:00Z'),
      shootId: SHOOT,
      done: true,
    });
  });

  it.each([[undefined], [''], ['   '], ['x'.repeat(TASK_TITLE_MAX + 1)]])('refuses the title %j', (title) => {
    expect(issue({ title })).toMatchObject({ path: ['title'] });
  });

  it('takes a title of exactly the maximum length', () => {
    expect(createTaskInput.parse({ workspace_id: WS, title: 'x'.repeat(TASK_TITLE_MAX) }).title).toHaveLength(TASK_TITLE_MAX);
  });

  it('refuses a workspace or shoot that is not a UUID, and a due date that is not a date-time', () => {
    expect(issue({ workspace_id: 'w' })).toMatchObject({ path: ['workspace_id'], message: 'must be a UUID' });
    expect(issue({ shoot_id: 'nope' })).toMatchObject({ path: ['shoot_id'], message: 'must be a UUID' });
    expect(issue({ due_at: 'tomorrow' })).toMatchObject({ path: ['due_at'] });
  });
});
