import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { COUNTRY, isOverdue, maySeeTask, type TaskPeople, type TaskViewer } from '../src/index.js';

const agent: TaskViewer = { id: 7, role: 'agent', country_id: COUNTRY.AT, tasks: true };
const task = (p: Partial<TaskPeople> = {}): TaskPeople => ({
  user_id: 99,
  created_by_userid: 98,
  requested_user_id: null,
  country_id: COUNTRY.AT,
  ...p,
});

describe('maySeeTask', () => {
  it('lets admins see every task and customers none', () => {
    assert.ok(maySeeTask({ ...agent, role: 'admin', country_id: COUNTRY.EG, tasks: false }, task()));
    assert.ok(!maySeeTask({ ...agent, role: 'customer' }, task({ user_id: agent.id })));
  });
  it('lets an agent see the tasks assigned to, created by or asking help of them', () => {
    assert.ok(maySeeTask(agent, task({ user_id: agent.id })));
    assert.ok(maySeeTask(agent, task({ created_by_userid: agent.id })));
    assert.ok(maySeeTask(agent, task({ requested_user_id: agent.id })));
    assert.ok(!maySeeTask(agent, task()), "a colleague's task");
    assert.ok(maySeeTask(agent, task({ user_id: agent.id, country_id: COUNTRY.EG })), 'own task of another country');
  });
  it('lets an agent with the tasks flag see the unassigned tasks of their country only', () => {
    assert.ok(maySeeTask(agent, task({ user_id: null, created_by_userid: null })));
    assert.ok(!maySeeTask(agent, task({ user_id: null, country_id: COUNTRY.EG })));
    assert.ok(!maySeeTask({ ...agent, tasks: false }, task({ user_id: null })));
    assert.ok(!maySeeTask({ ...agent, country_id: null }, task({ user_id: null })));
  });
});

describe('isOverdue', () => {
  const now = new Date('2026-03-10T12:00:00.000Z');
  it('is an open task whose due date has passed', () => {
    assert.ok(isOverdue({ status: 'offen', frist: '2026-03-10T11:59:59.999Z' }, now));
    assert.ok(isOverdue({ status: 'offen', frist: new Date('2026-03-01T00:00:00Z') }, now.getTime()));
  });
  it('is not due yet at the very moment, nor later', () => {
    assert.ok(!isOverdue({ status: 'offen', frist: now.toISOString() }, now));
    assert.ok(!isOverdue({ status: 'offen', frist: '2026-03-11T00:00:00Z' }, now));
  });
  it('never holds for tasks marked done or closed (backoffice.md section 4)', () => {
    assert.ok(!isOverdue({ status: 'erledigt', frist: '2026-03-01T00:00:00Z' }, now));
    assert.ok(!isOverdue({ status: 'abgeschlossen', frist: '2026-03-01T00:00:00Z' }, now));
  });
  it('ignores a date it cannot read', () => {
    assert.ok(!isOverdue({ status: 'offen', frist: 'kein Datum' }, now));
  });
});
