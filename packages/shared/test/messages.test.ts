import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { COMMON_MSG, MESSAGES, messageCode, PUBLIC_FORM_MSG, TASKS_MSG } from '../src/index.js';

describe('message catalogue', () => {
  it('every entry is German text under an area.key code', () => {
    assert.ok(MESSAGES.size > 150);
    for (const [code, text] of MESSAGES) {
      assert.match(code, /^[a-z][A-Za-z]*(\.[A-Za-z]\w*)+$/, code);
      assert.ok(text.trim().length > 0 && text === text.trim(), `${code}: empty or padded`);
      assert.doesNotMatch(text, /\{\{|undefined|NaN/, `${code}: unresolved placeholder`);
    }
  });

  it('a text lives once: only common texts may be referred to under a second key', () => {
    const codes = new Map<string, string[]>();
    for (const [code, text] of MESSAGES) codes.set(text, [...(codes.get(text) ?? []), code]);
    const twice = [...codes].filter(([, list]) => list.length > 1 && !list[0]!.startsWith('common.'));
    assert.deepEqual(twice, []);
  });

  it('the code of a text is its first area, common before the others', () => {
    assert.equal(messageCode(COMMON_MSG.tooManyRequests), 'common.tooManyRequests');
    assert.equal(messageCode(PUBLIC_FORM_MSG.emailRequired), 'common.emailRequired');
    assert.equal(messageCode(PUBLIC_FORM_MSG.old.email), 'publicForms.old.email');
    assert.equal(messageCode(TASKS_MSG.helpExists), 'tasks.helpExists');
    assert.equal(messageCode('Kein Eintrag im Katalog'), undefined);
  });
});
