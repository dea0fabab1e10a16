import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Playlist, PlaylistItem } from '@portal/shared';
import { clockOffset, correctedNow, filesOf, itemsToPlay } from '../src/features/signage/player/player-clock';

const item = (file_id: number, days_of_week: string, start_time = '00:00', end_time = '23:59'): PlaylistItem => ({
  file_id,
  url: `/ds/api/media/${file_id}`,
  file_type: 'image',
  duration: 5,
  start_time,
  end_time,
  days_of_week,
  display_order: 0,
});

// Monday 6 July 2026, 12:00 in Vienna (CEST).
const SERVER = '2026-07-06T10:00:00.000Z';
const monday = item(1, '1');
const tuesdayLunch = item(2, '2', '11:00', '14:00');
const playlist: Playlist = {
  status: 'active',
  items: [monday],
  plan: [monday, tuesdayLunch],
  version: 'v1',
  activation_code: null,
  device_name: null,
  server_time: SERVER,
};

describe('the player clock corrected by the server (offline windows)', () => {
  it('keeps the offset of the server to the device, and corrects the device clock by it', () => {
    const deviceAtAnswer = Date.parse(SERVER) - 3 * 3600_000; // the box runs three hours behind
    const offset = clockOffset(SERVER, deviceAtAnswer);
    assert.equal(offset, 3 * 3600_000);
    assert.equal(correctedNow(offset, deviceAtAnswer + 60_000).toISOString(), '2026-07-06T10:01:00.000Z');
    assert.equal(clockOffset('not a time', 1), 0, 'no offset from an answer without a time');
  });

  it('online plays what the server chose; offline what the plan holds at the corrected time', () => {
    const has = () => true;
    const offset = 3 * 3600_000;
    const deviceNow = (utc: string) => new Date(Date.parse(utc) - offset);
    const ids = (online: boolean, utc: string) =>
      itemsToPlay(playlist, has, { online, offsetMs: offset, now: deviceNow(utc) }).map((i) => i.file_id);
    assert.deepEqual(ids(true, '2026-07-07T10:00:00Z'), [1], 'online: the server decides');
    assert.deepEqual(ids(false, SERVER), [1], 'Monday by the corrected clock (the device thinks 09:00)');
    assert.deepEqual(ids(false, '2026-07-07T08:59:00Z'), [], 'Tuesday 10:59 in Vienna');
    assert.deepEqual(ids(false, '2026-07-07T09:00:00Z'), [2], 'Tuesday 11:00: the lunch window opened offline');
    // Without the correction the device's clock (three hours behind) would still be before the window.
    assert.deepEqual(
      itemsToPlay(playlist, has, { online: false, offsetMs: 0, now: deviceNow('2026-07-07T09:00:00Z') }).map(
        (i) => i.file_id,
      ),
      [],
    );
    assert.deepEqual(
      itemsToPlay(playlist, (id) => id !== 2, {
        online: false,
        offsetMs: offset,
        now: deviceNow('2026-07-07T09:00:00Z'),
      }),
      [],
      'only files at hand',
    );
    assert.deepEqual(
      itemsToPlay({ ...playlist, status: 'locked' }, has, { online: true, offsetMs: 0, now: new Date() }),
      [],
    );
  });

  it('fetches every file of the week once', () => {
    assert.deepEqual(
      filesOf(playlist).map((i) => i.file_id),
      [1, 2],
    );
  });
});
