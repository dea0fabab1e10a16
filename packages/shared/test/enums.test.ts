import { german } from './german.js';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { changePasswordFormSchema, createUserSchema, languageFromLangCode, loginSchema } from '../src/index.js';

describe('language from lang_code', () => {
  it('takes the part before the underscore and falls back to German', () => {
    assert.equal(languageFromLangCode('de_DE'), 'de');
    assert.equal(languageFromLangCode('en_US'), 'en');
    assert.equal(languageFromLangCode('ar-EG'), 'ar');
    assert.equal(languageFromLangCode('FR_fr'), 'fr');
    assert.equal(languageFromLangCode('tr_TR'), 'de');
    assert.equal(languageFromLangCode(null), 'de');
    assert.equal(languageFromLangCode(''), 'de');
  });
});

describe('auth schemas', () => {
  it('trims the sign-in email, keeps the password as typed, and gives German messages', () => {
    // A password may begin or end with a space: it is compared exactly as typed.
    assert.deepEqual(loginSchema.parse({ email: ' a@b.at ', password: ' pw ' }), { email: 'a@b.at', password: ' pw ' });
    const r = loginSchema.safeParse({ email: 'a@b', password: '' });
    assert.ok(!r.success);
    assert.deepEqual(
      r.error.issues.map((i) => german(i.message)),
      ['Ungültige E-Mail-Adresse', 'Passwort ist erforderlich'],
    );
  });
  it('refuses a confirmation that does not match', () => {
    const r = changePasswordFormSchema.safeParse({
      oldPassword: 'x',
      newPassword: 'abcdefghijkl',
      confirmPassword: 'abcdefghijkm',
    });
    assert.ok(!r.success);
    assert.equal(german(r.error.issues[0]!.message), 'Die neuen Passwörter stimmen nicht überein');
    assert.ok(
      changePasswordFormSchema.safeParse({
        oldPassword: 'x',
        newPassword: 'abcdefghijkl',
        confirmPassword: 'abcdefghijkl',
      }).success,
    );
  });
  it('accepts the create-user form with ids as strings and known flags only', () => {
    const ok = createUserSchema.parse({
      name: 'A',
      email: 'a@b.at',
      tel: '1',
      country: '1',
      role: '2',
      agentLevel: '1',
      permissions: ['tasks'],
    });
    assert.equal(ok.country, 1);
    assert.ok(
      !createUserSchema.safeParse({
        name: 'A',
        email: 'a@b.at',
        tel: '1',
        country: 1,
        role: 2,
        agentLevel: 1,
        permissions: ['x'],
      }).success,
    );
    assert.equal(
      german(
        createUserSchema.safeParse({ name: 'A', email: 'a@b.at', tel: '', country: 1, role: 2, agentLevel: 1 }).error
          ?.issues[0]?.message,
      ),
      'Telefonnummer ist erforderlich',
    );
  });
});
