import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createElement as h } from 'react';
import { renderGerman } from './render-german';
import { CustomerPicker } from '../src/components/customer-picker';
import { PageHeader } from '../src/components/page-header';

// The shared pieces that replaced the areas' copies, rendered with the real German strings:
// the page header and the customer picker as a screen reader meets it. (The load/empty wrapper
// shows LoadError, whose i18n module needs Vite: the stats and OKDS e2e files cover it.)
const render = renderGerman;

describe('page header', () => {
  it("is the screen's one h1, with its actions beside it", () => {
    const plain = render(h(PageHeader, { title: 'Geräte' }));
    assert.match(plain, /^<h1[^>]*>Geräte<\/h1>$/);
    const withAction = render(h(PageHeader, { title: 'Kassabuch' }, h('button', null, 'Neuer Eintrag')));
    assert.match(withAction, /<h1[^>]*>Kassabuch<\/h1><button>Neuer Eintrag<\/button>/);
    assert.match(
      render(h(PageHeader, { title: 'News', actions: h('span', null, '3 neu') })),
      /<h1[^>]*>News<\/h1><span>3 neu<\/span>/,
    );
  });
});

describe('customer picker', () => {
  const picker = (extra: Record<string, unknown> = {}) =>
    render(
      h(CustomerPicker, {
        label: 'Kunde suchen',
        minLength: 3,
        search: async () => [],
        queryKey: (term: string) => ['customers', term],
        onChange: () => {},
        failedText: 'Fehler bei der Kundensuche',
        'data-testid': 'customer-search',
        ...extra,
      }),
    );

  it('is a combobox a screen reader announces as closed, labelled by its label', () => {
    const html = picker();
    assert.match(html, /<input[^>]*role="combobox"/);
    assert.match(html, /<input[^>]*aria-expanded="false"/);
    assert.match(html, /<input[^>]*aria-autocomplete="list"/);
    assert.match(html, /<input[^>]*aria-haspopup="listbox"/);
    const id = /<input[^>]*id="([^"]+)"/.exec(html)![1];
    assert.match(html, new RegExp(`<label[^>]*for="${id}"[^>]*>Kunde suchen`));
  });

  it("starts with a chosen customer's text and is disabled where the country has no search", () => {
    const chosen = picker({ initial: { id: 7, kundennummer: '10001', firma: 'Gasthaus Post' } });
    assert.match(chosen, /value="Gasthaus Post \(10001\)"/);
    // The chosen customer's record is a link away, in a new tab (the form stays as typed).
    assert.match(chosen, /<a[^>]*href="\/agent-dashboard\/customers\/7"[^>]*target="_blank"/);
    assert.doesNotMatch(picker({}), /customer-file-link/, 'no link before a choice');
    const html = picker({ unavailableText: 'Für Ihr Land ist keine Kundensuche verfügbar.' });
    assert.match(html, /<input[^>]*disabled/);
    assert.match(html, /data-testid="customer-search-unavailable"[^>]*>Für Ihr Land ist keine Kundensuche verfügbar\./);
  });
});
