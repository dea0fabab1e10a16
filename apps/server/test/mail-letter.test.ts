import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { letter } from '../src/platform/mail-letter.js';

describe('mail letter frame', () => {
  it('writes greeting, paragraphs (a list as lines of one paragraph) and the closing, a blank line between', () => {
    assert.equal(
      letter('Guten Tag Frau Huber,', ['vielen Dank.', ['Bestellnummer: 7', 'Menge: 2']], 'Ihr Service-Team'),
      [
        'Guten Tag Frau Huber,',
        '',
        'vielen Dank.',
        '',
        'Bestellnummer: 7',
        'Menge: 2',
        '',
        'Mit freundlichen Grüßen',
        'Ihr Service-Team',
      ].join('\n'),
    );
  });
});
