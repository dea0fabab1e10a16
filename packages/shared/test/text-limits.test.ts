import { german } from './german.js';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  classicSupportRequestSchema,
  companySwitchRequestSchema,
  COMMON_MSG,
  depRequestSchema,
  formatLimit,
  menuChangeRequestSchema,
  PUBLIC_FORM_MSG,
  TEXT_LIMITS,
} from '../src/index.js';

const firstMessage = (
  r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
  field: string,
) => german(r.error?.issues.find((i) => i.path[0] === field)?.message);

describe('text limits (one place, messages naming the field and its limit)', () => {
  it('formats a limit as German text shows it', () => {
    assert.equal(formatLimit(200), '200');
    assert.equal(formatLimit(10_000), '10.000');
    assert.equal(formatLimit(20_000), '20.000');
  });
  it('the public forms name the over-long field', () => {
    const long = 'x'.repeat(TEXT_LIMITS.publicFormText + 1);
    assert.equal(
      firstMessage(
        classicSupportRequestSchema.safeParse({ description: 'x'.repeat(TEXT_LIMITS.description + 1) }),
        'description',
      ),
      COMMON_MSG.descriptionMax.de,
    );
    assert.equal(
      firstMessage(menuChangeRequestSchema.safeParse({ comment: long }), 'comment'),
      PUBLIC_FORM_MSG.commentMax.de,
    );
    assert.equal(
      firstMessage(companySwitchRequestSchema.safeParse({ additionalInfo: long }), 'additionalInfo'),
      PUBLIC_FORM_MSG.additionalInfoMax.de,
    );
    assert.equal(
      firstMessage(depRequestSchema.safeParse({ description: long }), 'description'),
      PUBLIC_FORM_MSG.remarkMax.de,
    );
    assert.match(PUBLIC_FORM_MSG.commentMax.de, /Beschreibung der Änderung.*10\.000 Zeichen/);
  });
});
