import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatAnswerTime } from '../src/answer-time.js';

describe('formatAnswerTime (issue 31)', () => {
  const friday = new Date('2027-01-15T13:00:00Z');
  it('words a deadline within the week as weekday and time in Vienna, per language', () => {
    const monday = '2027-01-18T11:30:00Z';
    assert.equal(formatAnswerTime(monday, 'de-AT', friday), 'Montag, 12:30');
    assert.equal(formatAnswerTime(monday, 'en-GB', friday), 'Monday 12:30');
    assert.equal(formatAnswerTime(monday, 'fr-FR', friday), 'lundi 12:30');
    assert.match(formatAnswerTime(monday, 'ar-u-nu-latn', friday), /الاثنين.*12:30/);
  });
  it('adds the date when the deadline is a week or more ahead, and counts days in Vienna across DST', () => {
    assert.equal(formatAnswerTime('2027-01-25T08:30:00Z', 'de-AT', friday), 'Montag, 25. Jänner um 09:30');
    // Summer time: 07:30 UTC is 09:30 in Vienna.
    assert.equal(formatAnswerTime('2027-07-05T07:30:00Z', 'de-AT', new Date('2027-07-02T12:00:00Z')), 'Montag, 09:30');
  });
});
