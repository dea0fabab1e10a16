import { german } from './german.js';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { addNoteSchema, containsNul, isInternalLink, loginSchema, trimInvisible } from '../src/index.js';

describe('input hygiene', () => {
  it('finds a NUL in strings, arrays, objects and keys', () => {
    assert.equal(containsNul('a\u0000b'), true);
    assert.equal(containsNul({ a: [{ b: 'x\u0000' }] }), true);
    assert.equal(containsNul({ ['k\u0000']: 1 }), true);
    assert.equal(containsNul({ a: 'Grüß Gott', b: [1, null, true] }), false);
  });

  it('trims zero-width and other invisible characters at the edges only', () => {
    assert.equal(trimInvisible('\u200b\u200c\u200d\u2060\ufeff\u00a0\u3164\u202e '), '');
    assert.equal(trimInvisible('\u200b Rückruf\u00a0morgen \u200b'), 'Rückruf\u00a0morgen');
    // A family emoji is held together by zero-width joiners inside: it stays whole.
    assert.equal(trimInvisible('👨‍👩‍👧'), '👨‍👩‍👧');
  });

  it('makes a required text of only invisible characters empty', () => {
    assert.equal(
      german(addNoteSchema.safeParse({ taskID: 1, notiz: '\u200b\u200d' }).error?.issues[0]?.message),
      'Die Notiz darf nicht leer sein',
    );
    assert.equal(
      german(loginSchema.safeParse({ email: '\u200b', password: 'x' }).error?.issues[0]?.message),
      'E-Mail ist erforderlich',
    );
    // A password is compared as typed: nothing is trimmed from it.
    assert.equal(loginSchema.parse({ email: 'a@b.at', password: ' geheim\u200b ' }).password, ' geheim\u200b ');
  });

  it('takes only paths inside the portal as notification links', () => {
    for (const ok of ['/tasks/12', '/agent-dashboard/tasks?unassigned=true#x', '/'])
      assert.equal(isInternalLink(ok), true, ok);
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'tasks/1',
      ' /tasks/1',
      '/a b',
      '/x\u0000',
      '',
    ])
      assert.equal(isInternalLink(bad), false, bad);
  });
});
