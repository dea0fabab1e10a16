import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import React, { createElement as h, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider, Textarea, TextInput } from '@mantine/core';
import { COMMON_MSG, TASKS_MSG, TEXT_LIMITS } from '@portal/shared';
import { limitedProps } from '../src/components/text-counter';

// tsx compiles the components' JSX with the classic runtime here (see kit.test.ts).
(globalThis as { React?: typeof React }).React = React;

const render = (node: ReactNode) =>
  renderToStaticMarkup(h(MantineProvider, null, node)).replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');
const noop = () => {};

/** Issue 28 item 19 (forms use withTextLimit, the same with the message translated): a limited text shows its counter near the limit and never cuts a long paste. */
describe('text limit counter', () => {
  const field = (value: string, limit = TEXT_LIMITS.taskTitle, message: string = COMMON_MSG.titleMax.de) =>
    render(
      h(TextInput, { label: 'Titel', ...limitedProps({ value, onChange: noop, error: undefined }, limit, message) }),
    );

  it('shows no counter below 80 % of the limit', () => {
    assert.doesNotMatch(field('x'.repeat(159)), /text-counter/);
  });

  it('shows "180 / 200" from 80 % on, without an error', () => {
    const html = field('x'.repeat(180));
    assert.match(html, /data-testid="text-counter"[^>]*>.*180 \/ 200/);
    assert.doesNotMatch(html, /data-over/);
    assert.doesNotMatch(html, /höchstens/);
  });

  it('carries the limit as maxLength and keeps a text over it (a paste) whole: red counter and the message naming the field', () => {
    const pasted = 'x'.repeat(250);
    const html = field(pasted);
    assert.ok(html.includes(`value="${pasted}"`), 'the whole text stays in the field');
    assert.match(html, /maxlength="200"/i, 'the limit as maxLength (typing stops there; a paste is inserted whole)');
    assert.match(html, /data-over="true"/);
    assert.match(html, /250 \/ 200/);
    assert.ok(html.includes('Der Titel darf höchstens 200 Zeichen lang sein.'), html);
    assert.match(html, /aria-invalid="true"/);
  });

  it('keeps an error the field already has, and works on a textarea', () => {
    const html = render(
      h(Textarea, {
        label: 'Notiz',
        ...limitedProps(
          { value: 'x'.repeat(TEXT_LIMITS.taskNote + 1), onChange: noop, error: 'Schon ein Fehler' },
          TEXT_LIMITS.taskNote,
          TASKS_MSG.noteMax.de,
        ),
      }),
    );
    assert.ok(html.includes('Schon ein Fehler'));
    assert.match(html, /5001 \/ 5000/);
  });
});
