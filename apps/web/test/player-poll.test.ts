import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pollDelay } from '../src/features/signage/player/device-socket';

describe('the player’s poll while the server cannot be reached', () => {
  it('waits 30 s, then doubles per failed poll up to 5 min, and 30 s again once it answers', () => {
    assert.deepEqual(
      [0, 1, 2, 3, 4, 5, 20].map((failures) => pollDelay(failures) / 1000),
      [30, 60, 120, 240, 300, 300, 300],
    );
  });
});
