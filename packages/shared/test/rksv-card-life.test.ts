import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  addDays,
  addYears,
  CARD_STATES,
  CARD_TRANSITION_TARGETS,
  CARD_TRANSITIONS,
  cardDeadlines,
  cardState,
  cardValidUntil,
  jahresbelegCheckedInTime,
  jahresbelegYearValid,
  lastJahresbelegYear,
  mayTransition,
  nextCardDeadline,
  transitionsFrom,
  type CardLife,
  type CardState,
} from '../src/rksv-card-life.js';
import { viennaDay } from '../src/vienna-time.js';

/** A card activated on 10 March 2026 (Vienna), nothing else yet. */
const card = (c: Partial<CardLife> = {}): CardLife => ({
  cert_done: 1,
  shipped_at: '2026-03-05T09:00:00Z',
  activated_at: '2026-03-10T09:00:00Z',
  registered_at: null,
  startbeleg_checked_at: null,
  deregistered_at: null,
  defective_at: null,
  replaced_at: null,
  valid_until: null,
  jahresbeleg_year: null,
  approval_ends: null,
  ...c,
});
const NOW = '2026-04-01T10:00:00Z';

describe('a signature card’s state (issue 32)', () => {
  const state = (c: Partial<CardLife>, open_outage = false, now = NOW) => cardState({ ...card(c), open_outage }, now);

  it('follows the order’s steps before activation', () => {
    assert.equal(state({ cert_done: 0, shipped_at: null, activated_at: null }), 'ordered');
    assert.equal(state({ shipped_at: null, activated_at: null }), 'serial_entered');
    assert.equal(state({ activated_at: null }), 'delivered');
  });

  it('then activation, registration and the start receipt', () => {
    assert.equal(state({}), 'activated');
    assert.equal(state({ registered_at: '2026-03-11T09:00:00Z' }), 'registered');
    assert.equal(
      state({ registered_at: '2026-03-11T09:00:00Z', startbeleg_checked_at: '2026-03-12T09:00:00Z' }),
      'in_use',
    );
  });

  it('an open outage, the certificate’s last 90 days and its end', () => {
    const inUse = { registered_at: '2026-03-11T09:00:00Z', startbeleg_checked_at: '2026-03-12T09:00:00Z' };
    assert.equal(state(inUse, true), 'outage');
    // Activated 10.03.2026: valid until 10.03.2031; expiring from 10.12.2030 (90 days before).
    assert.equal(state(inUse, false, '2030-12-09T12:00:00Z'), 'in_use');
    assert.equal(state(inUse, false, '2030-12-10T12:00:00Z'), 'expiring');
    assert.equal(state(inUse, false, '2031-03-10T21:00:00Z'), 'expiring', 'the last valid day, late evening in Vienna');
    assert.equal(state(inUse, false, '2031-03-10T23:30:00Z'), 'expired', 'just after midnight in Vienna');
    // An outage of an expired card does not bring it back.
    assert.equal(state(inUse, true, '2031-04-01T10:00:00Z'), 'expired');
  });

  it('the end states win over everything else', () => {
    assert.equal(state({ defective_at: NOW }, true), 'defective');
    assert.equal(state({ defective_at: NOW, replaced_at: NOW }), 'replaced');
    assert.equal(state({ replaced_at: NOW, deregistered_at: NOW }), 'deregistered');
  });

  it('valid_until as set, else five years after activation (29 February to 28 February)', () => {
    assert.equal(cardValidUntil({ valid_until: '2029-01-31', activated_at: NOW }), '2029-01-31');
    assert.equal(cardValidUntil({ valid_until: null, activated_at: null }), null);
    assert.equal(cardValidUntil({ valid_until: null, activated_at: '2028-02-29T10:00:00Z' }), '2033-02-28');
    assert.equal(addYears('2028-02-29', 4), '2032-02-29');
    // Activated late on 31 December in Vienna (UTC still the 31st, 23:30 local = 22:30Z) and just after midnight.
    assert.equal(cardValidUntil({ valid_until: null, activated_at: '2026-12-31T22:30:00Z' }), '2031-12-31');
    assert.equal(cardValidUntil({ valid_until: null, activated_at: '2026-12-31T23:30:00Z' }), '2032-01-01');
  });
});

describe('the card’s transitions', () => {
  it('every state names only known states, and no state moves to itself', () => {
    for (const from of CARD_STATES)
      for (const to of CARD_TRANSITIONS[from]) {
        assert.ok(CARD_STATES.includes(to), `${from} → ${to}`);
        assert.notEqual(from, to);
      }
  });

  it('allows exactly the issue’s moves (every pair checked)', () => {
    const allowed = new Set([
      'ordered>serial_entered',
      'serial_entered>delivered',
      'delivered>activated',
      'delivered>defective',
      'activated>registered',
      'activated>defective',
      'activated>replaced',
      'registered>in_use',
      'registered>defective',
      'registered>replaced',
      'registered>deregistered',
      'in_use>outage',
      'in_use>expiring',
      'in_use>defective',
      'in_use>replaced',
      'in_use>deregistered',
      'outage>in_use',
      'outage>defective',
      'outage>replaced',
      'expiring>outage',
      'expiring>replaced',
      'expiring>expired',
      'expiring>defective',
      'expiring>deregistered',
      'expired>deregistered',
      'expired>replaced',
      'replaced>deregistered',
      'defective>replaced',
      'defective>deregistered',
    ]);
    for (const from of CARD_STATES)
      for (const to of CARD_STATES)
        assert.equal(mayTransition(from, to), allowed.has(`${from}>${to}`), `${from} → ${to}`);
  });

  it('the transition call offers only its own targets', () => {
    assert.deepEqual(transitionsFrom('activated'), ['registered', 'defective', 'replaced']);
    assert.deepEqual(transitionsFrom('outage'), ['in_use', 'defective', 'replaced']);
    assert.deepEqual(transitionsFrom('deregistered'), []);
    assert.deepEqual(transitionsFrom('ordered'), []);
    for (const s of CARD_STATES) for (const t of transitionsFrom(s)) assert.ok(CARD_TRANSITION_TARGETS.includes(t));
  });

  it('a deregistered card is the end: nothing leads out of it', () => {
    assert.deepEqual(CARD_TRANSITIONS.deregistered, []);
    const reachable = new Set<CardState>(['ordered']);
    for (let i = 0; i < CARD_STATES.length; i++)
      for (const s of [...reachable]) for (const t of CARD_TRANSITIONS[s]) reachable.add(t);
    assert.deepEqual([...reachable].sort(), [...CARD_STATES].sort(), 'every state is reachable from ordered');
  });
});

describe('the card’s deadlines', () => {
  it('none before activation, registration 7 days after it', () => {
    assert.deepEqual(cardDeadlines(card({ activated_at: null }), [], NOW), []);
    assert.deepEqual(nextCardDeadline(card(), [], NOW), { kind: 'registration', due: '2026-03-17' });
  });

  it('the start receipt a week after the registration, then the Jahresbeleg by 15 February', () => {
    const registered = card({ registered_at: '2026-03-12T08:00:00Z' });
    assert.deepEqual(nextCardDeadline(registered, [], NOW), { kind: 'startbeleg', due: '2026-03-19' });
    const inUse = card({ registered_at: '2026-03-12T08:00:00Z', startbeleg_checked_at: '2026-03-13T08:00:00Z' });
    assert.deepEqual(nextCardDeadline(inUse, [], NOW), { kind: 'jahresbeleg', due: '2027-02-15' });
    // 2026 checked: 2027's is due by 15.02.2028 (a leap year changes nothing on the 15th).
    assert.deepEqual(nextCardDeadline({ ...inUse, jahresbeleg_year: 2026 }, [], NOW), {
      kind: 'jahresbeleg',
      due: '2028-02-15',
    });
  });

  it('around 15 February: last year’s receipt stays due until it is checked, also after the day', () => {
    const inUse = card({
      activated_at: '2025-06-01T08:00:00Z',
      registered_at: '2025-06-02T08:00:00Z',
      startbeleg_checked_at: '2025-06-02T09:00:00Z',
    });
    assert.deepEqual(nextCardDeadline(inUse, [], '2026-02-14T10:00:00Z'), { kind: 'jahresbeleg', due: '2026-02-15' });
    assert.deepEqual(
      nextCardDeadline(inUse, [], '2026-02-16T10:00:00Z'),
      { kind: 'jahresbeleg', due: '2026-02-15' },
      'overdue, not skipped',
    );
    assert.deepEqual(nextCardDeadline({ ...inUse, jahresbeleg_year: 2025 }, [], '2026-02-16T10:00:00Z'), {
      kind: 'jahresbeleg',
      due: '2027-02-15',
    });
    // Activated on 31 December late in Vienna: that year's receipt is due by 15 February.
    const lateNewYear = card({
      activated_at: '2026-12-31T22:30:00Z',
      registered_at: '2027-01-01T08:00:00Z',
      startbeleg_checked_at: '2027-01-01T09:00:00Z',
    });
    assert.deepEqual(nextCardDeadline(lateNewYear, [], '2027-01-02T10:00:00Z'), {
      kind: 'jahresbeleg',
      due: '2027-02-15',
    });
  });

  it('an outage is reported within 7 days of its start once it lasted more than 48 hours', () => {
    const inUse = card({ registered_at: '2026-03-11T08:00:00Z', startbeleg_checked_at: '2026-03-11T09:00:00Z' });
    const started = '2026-03-20T10:00:00Z';
    const open = { started_at: started, ended_at: null };
    assert.deepEqual(
      cardDeadlines(inUse, [open], '2026-03-22T09:59:00Z').map((d) => d.kind),
      ['jahresbeleg', 'renewal'],
      '47 h 59 min: not yet',
    );
    assert.deepEqual(nextCardDeadline(inUse, [open], '2026-03-22T10:01:00Z'), {
      kind: 'outage_report',
      due: '2026-03-27',
    });
    // Ended after exactly 48 hours: not reportable; after 49: reportable, until reported.
    assert.equal(
      cardDeadlines(inUse, [{ started_at: started, ended_at: '2026-03-22T10:00:00Z' }], NOW).some(
        (d) => d.kind === 'outage_report',
      ),
      false,
    );
    const long = { started_at: started, ended_at: '2026-03-22T11:00:00Z' };
    assert.deepEqual(nextCardDeadline(inUse, [long], NOW), { kind: 'outage_report', due: '2026-03-27' });
    assert.equal(
      cardDeadlines(inUse, [{ ...long, reported_at: '2026-03-23T08:00:00Z' }], NOW).some(
        (d) => d.kind === 'outage_report',
      ),
      false,
    );
  });

  it('renewal 90 days before the certificate’s end, replacement on the type’s approval end', () => {
    const inUse = card({
      registered_at: '2026-03-11T08:00:00Z',
      startbeleg_checked_at: '2026-03-11T09:00:00Z',
      jahresbeleg_year: 2030,
    });
    assert.deepEqual(nextCardDeadline(inUse, [], NOW), { kind: 'renewal', due: '2030-12-10' });
    assert.deepEqual(nextCardDeadline({ ...inUse, approval_ends: '2027-04-30' }, [], NOW), {
      kind: 'replacement',
      due: '2027-04-30',
    });
    assert.deepEqual(nextCardDeadline({ ...inUse, valid_until: '2026-06-01' }, [], NOW), {
      kind: 'renewal',
      due: '2026-03-03',
    });
  });

  it('a defective card is to be replaced now; a replaced, expired or deregistered one has no deadline', () => {
    assert.deepEqual(cardDeadlines(card({ defective_at: '2026-03-25T10:00:00Z' }), [], NOW), [
      { kind: 'replacement', due: '2026-03-25' },
    ]);
    assert.deepEqual(cardDeadlines(card({ replaced_at: NOW }), [], NOW), []);
    assert.deepEqual(cardDeadlines(card({ deregistered_at: NOW }), [], NOW), []);
    assert.deepEqual(cardDeadlines(card({ valid_until: '2026-03-31' }), [], NOW), []);
  });

  it('earliest first; the same day in the order of the kinds', () => {
    const c = card({ approval_ends: '2026-03-17' });
    assert.deepEqual(
      cardDeadlines(c, [], NOW)
        .slice(0, 2)
        .map((d) => d.kind),
      ['registration', 'replacement'],
    );
  });

  it('Jahresbeleg years: from the activation’s year to the last one made (31 December)', () => {
    assert.equal(jahresbelegYearValid('2025-06-01T08:00:00Z', 2024, NOW), false);
    assert.equal(jahresbelegYearValid('2025-06-01T08:00:00Z', 2025, NOW), true);
    assert.equal(
      jahresbelegYearValid('2025-06-01T08:00:00Z', 2026, NOW),
      false,
      'this year’s December receipt is not made yet',
    );
    assert.equal(lastJahresbelegYear('2026-12-30T22:59:00Z'), 2025, '23:59 on 30 December in Vienna');
    assert.equal(lastJahresbelegYear('2026-12-30T23:00:00Z'), 2026, '0:00 on 31 December in Vienna');
    assert.equal(lastJahresbelegYear('2027-01-01T10:00:00Z'), 2026);
    assert.equal(jahresbelegYearValid('2026-03-01T08:00:00Z', 2026, '2026-12-31T10:00:00Z'), true);
    assert.equal(jahresbelegCheckedInTime(2025, '2025-12-30T22:00:00Z'), false);
    assert.equal(jahresbelegCheckedInTime(2025, '2025-12-30T23:30:00Z'), true, '31 December in Vienna');
    assert.equal(jahresbelegCheckedInTime(2025, '2026-02-20T10:00:00Z'), true, 'late is still a check');
  });

  it('days in Vienna across the clock change', () => {
    assert.equal(viennaDay('2026-03-28T23:30:00Z'), '2026-03-29');
    assert.equal(viennaDay('2026-10-24T22:30:00Z'), '2026-10-25');
    assert.equal(addDays('2026-02-26', 3), '2026-03-01');
    assert.equal(addDays('2028-02-26', 3), '2028-02-29');
  });
});
