import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  COMMON_MSG,
  isNotificationParams,
  LANGUAGES,
  MESSAGES,
  messageOfCode,
  NOTIFICATION_KINDS,
  NOTIFICATION_MAIL,
  NOTIFICATION_TEXTS,
  notificationText,
  PUBLIC_FORM_MSG,
  TASKS_MSG,
} from '../src/index.js';

describe('message catalogue', () => {
  it('every entry is German text under an area.key code', () => {
    assert.ok(MESSAGES.size > 150);
    for (const [code, text] of MESSAGES) {
      assert.match(code, /^[a-z][A-Za-z]*(\.[A-Za-z]\w*)+$/, code);
      assert.ok(text.trim().length > 0 && text === text.trim(), `${code}: empty or padded`);
      // `{{name}}` is a placeholder the answer fills (errorBody with params); anything else is a slip.
      assert.doesNotMatch(
        text.replace(/\{\{\w+\}\}/g, ''),
        /\{\{|\}\}|undefined|NaN/,
        `${code}: unresolved placeholder`,
      );
    }
  });

  it('a text lives once: only common texts may be referred to under a second key', () => {
    const codes = new Map<string, string[]>();
    for (const [code, text] of MESSAGES) codes.set(text, [...(codes.get(text) ?? []), code]);
    const twice = [...codes].filter(([, list]) => list.length > 1 && !list[0]!.startsWith('common.'));
    assert.deepEqual(twice, []);
  });

  it('an entry carries its code; one taken over from common keeps the common code', () => {
    assert.equal(COMMON_MSG.tooManyRequests.code, 'common.tooManyRequests');
    assert.equal(PUBLIC_FORM_MSG.emailRequired, COMMON_MSG.emailRequired);
    assert.equal(PUBLIC_FORM_MSG.emailRequired.code, 'common.emailRequired');
    assert.equal(PUBLIC_FORM_MSG.old.email.code, 'publicForms.old.email');
    assert.equal(TASKS_MSG.helpExists.code, 'tasks.helpExists');
    assert.deepEqual(messageOfCode('tasks.helpExists'), TASKS_MSG.helpExists);
    assert.equal(messageOfCode('Kein Eintrag im Katalog'), undefined);
  });
});

describe('notification texts', () => {
  const placeholders = (s: string) => [...s.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
  it('every kind in every language, with the German placeholders, translated', () => {
    for (const lang of LANGUAGES) {
      for (const kind of NOTIFICATION_KINDS) {
        const text = NOTIFICATION_TEXTS[lang][kind];
        assert.ok(text.title && text.message, `${lang}.${kind}`);
        assert.deepEqual(
          placeholders(text.message),
          placeholders(NOTIFICATION_TEXTS.de[kind].message),
          `${lang}.${kind}`,
        );
        if (lang !== 'de') assert.notEqual(text.message, NOTIFICATION_TEXTS.de[kind].message, `${lang}.${kind}`);
      }
      assert.deepEqual(placeholders(NOTIFICATION_MAIL[lang].open), ['link']);
      assert.deepEqual(placeholders(NOTIFICATION_MAIL[lang].subject), ['title']);
    }
  });

  it('says a notification in the language asked for (a region or an unknown language: its base or German)', () => {
    const params = { kind: 'assigned', id: 7, name: 'Eva', titel: 'Kasse' } as const;
    assert.deepEqual(notificationText('de', params), {
      title: 'Neue Aufgabe zugewiesen',
      message: 'Eva hat Ihnen die Aufgabe #7 „Kasse“ zugewiesen.',
    });
    assert.equal(notificationText('en-US', params).message, 'Eva assigned task #7 “Kasse” to you.');
    assert.equal(notificationText('ar', params, (s) => `[${s}]`).message, 'قام [Eva] بتعيين المهمة #7 «[Kasse]» لك.');
    assert.equal(notificationText('xx', params).title, 'Neue Aufgabe zugewiesen');
    assert.ok(isNotificationParams(params));
    assert.ok(!isNotificationParams(null));
    assert.ok(!isNotificationParams({ kind: 'unbekannt', id: 1 }));
  });
});
