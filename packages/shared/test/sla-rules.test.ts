import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  COUNTRY,
  DEFAULT_SLA_POLICIES,
  TASK_TYPE,
  defaultServiceCalendar,
  slaDeadlines,
  slaView,
  type SlaFacts,
  type SlaPolicy,
} from '../src/index.js';

const AT = defaultServiceCalendar(COUNTRY.AT);
const policy = (type: number): SlaPolicy => DEFAULT_SLA_POLICIES.find((p) => p.task_type_id === type)!;
const support = policy(TASK_TYPE.support);
const emergency = policy(TASK_TYPE.emergency);

// Friday 27.11.2026 14:00 Vienna.
const created = new Date('2026-11-27T13:00:00Z');
const facts: SlaFacts = {
  created_at: created,
  frist: new Date('2026-12-04T16:00:00Z'),
  responded_at: null,
  paused_at: null,
  paused_minutes: 0,
};

describe('service-level deadlines', () => {
  it('regular support: 240 working minutes to answer, three working days to resolve', () => {
    const d = slaDeadlines(AT, support, facts);
    assert.equal(d.response_due_at.toISOString(), '2026-11-30T11:30:00.000Z'); // Monday 12:30
    // 1440 minutes: Fri 60, Mon 480, Tue 480, Wed 420 -> Wed 16:30.
    assert.equal(d.resolution_due_at.toISOString(), '2026-12-02T15:30:00.000Z');
  });
  it('an emergency runs on the clock that never stops', () => {
    const d = slaDeadlines(AT, emergency, facts);
    assert.equal(d.response_due_at.toISOString(), '2026-11-27T14:00:00.000Z');
  });
  it('paused minutes move both deadlines by working minutes', () => {
    const d = slaDeadlines(AT, support, { ...facts, paused_minutes: 60 });
    assert.equal(d.response_due_at.toISOString(), '2026-11-30T12:30:00.000Z');
  });
  it('a policy without resolution minutes keeps the task’s frist, moved by a pause', () => {
    const menu = policy(TASK_TYPE.menu);
    assert.equal(slaDeadlines(AT, menu, facts).resolution_due_at.toISOString(), '2026-12-04T16:00:00.000Z');
    // Frist Friday 17:00 Vienna is after the Friday close: 30 paused minutes end Monday 10:00.
    assert.equal(
      slaDeadlines(AT, menu, { ...facts, paused_minutes: 30 }).resolution_due_at.toISOString(),
      '2026-12-07T09:00:00.000Z',
    );
  });
});

describe('service-level state', () => {
  const view = (over: Partial<SlaFacts> & { status?: string; erledigt_am?: Date | null }, now: string) => {
    const f = { ...facts, status: 'offen', erledigt_am: null, ...over };
    return slaView(AT, support, f, slaDeadlines(AT, support, f), new Date(now));
  };
  it('ok, then warning under 60 working minutes, then breached', () => {
    assert.deepEqual(
      [view({}, '2026-11-27T13:30:00Z').state, view({}, '2026-11-27T13:30:00Z').remaining_minutes],
      ['ok', 210],
    );
    // Monday 11:31 Vienna: 59 minutes left.
    assert.equal(view({}, '2026-11-30T10:31:00Z').state, 'warning');
    assert.equal(view({}, '2026-11-30T11:30:00Z').state, 'breached');
    assert.equal(view({}, '2026-11-30T11:45:00Z').remaining_minutes, -15);
  });
  it('the weekend does not count: Friday 14:59 has 181 minutes left', () => {
    assert.equal(view({}, '2026-11-27T13:59:00Z').remaining_minutes, 181);
    assert.equal(view({}, '2026-11-28T12:00:00Z').remaining_minutes, 180);
  });
  it('a paused task stands still and says so', () => {
    const v = view({ paused_at: new Date('2026-11-27T13:30:00Z') }, '2026-12-10T10:00:00Z');
    assert.deepEqual([v.state, v.paused, v.remaining_minutes], ['paused', true, 210]);
  });
  it('answered: the resolution deadline runs', () => {
    const v = view({ responded_at: new Date('2026-11-27T13:10:00Z') }, '2026-11-30T12:00:00Z');
    assert.equal(v.state, 'ok');
    assert.equal(v.remaining_minutes, 1440 - 60 - 210); // Friday 14:00–15:00, Monday 09:30–13:00
  });
  it('finished tasks: met when answered and done in time, else breached', () => {
    const answered = new Date('2026-11-27T13:10:00Z');
    assert.equal(
      view(
        { responded_at: answered, status: 'erledigt', erledigt_am: new Date('2026-12-01T10:00:00Z') },
        '2026-12-10T10:00:00Z',
      ).state,
      'met',
    );
    assert.equal(
      view(
        { responded_at: answered, status: 'erledigt', erledigt_am: new Date('2026-12-03T10:00:00Z') },
        '2026-12-10T10:00:00Z',
      ).state,
      'breached',
    );
    assert.equal(
      view(
        {
          responded_at: new Date('2026-11-30T12:00:00Z'),
          status: 'abgeschlossen',
          erledigt_am: new Date('2026-12-01T10:00:00Z'),
        },
        '2026-12-10T10:00:00Z',
      ).state,
      'breached',
    );
  });
});
