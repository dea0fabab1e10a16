import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createElement as h } from 'react';
import { renderGerman } from './render-german';
import { MemoryRouter } from 'react-router';
import { DataTable, type DataTableColumn } from '../src/components/data-table';
import { ConfirmDialog } from '../src/components/confirm-dialog';
import { DateDisplay } from '../src/components/date-display';
import { Money } from '../src/components/money';
import { Chart } from '../src/components/chart';
import { urlParam, useUrlFilters } from '../src/lib/use-url-filters';

// The staff-screen kit rendered to HTML with the real German strings: what each piece shows for
// rows, loading, errors, no rows, sort and paging; money and dates; filters read from the URL.
const render = renderGerman;
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

interface Row {
  id: number;
  name: string;
  cents: number;
}
const columns: DataTableColumn<Row>[] = [
  { key: 'id', header: 'Nr.', cell: (r) => r.id, sortKey: 'id' },
  { key: 'name', header: 'Firma', cell: (r) => r.name, sortKey: 'firma' },
  { key: 'sum', header: 'Summe', cell: (r) => h(Money, { cents: r.cents }), align: 'end' },
];
const base = {
  columns,
  rowKey: (r: Row) => r.id,
  caption: 'Bestellungen',
  emptyText: 'Keine Bestellungen gefunden',
  'data-testid': 'orders',
};

describe('data table', () => {
  it('shows the rows, the sort state on the sorted column and sort buttons on sortable ones', () => {
    const html = render(
      h(DataTable<Row>, {
        ...base,
        rows: [{ id: 7, name: 'Gasthaus Post', cents: 123456 }],
        sort: { key: 'firma', direction: 'desc' },
        onSort: () => {},
        paging: { page: 2, hasPrevious: true, hasNext: false, onPrevious: () => {}, onNext: () => {} },
      }),
    );
    assert.match(text(html), /Gasthaus Post/);
    assert.match(html, /€\u00a01\.234,56/);
    assert.match(html, /aria-sort="descending"[^>]*>.*?Sortieren nach Firma/s);
    assert.match(html, /aria-label="Sortieren nach Nr\."/);
    assert.doesNotMatch(html, /Sortieren nach Summe/, 'a column without sortKey has no button');
    assert.match(text(html), /Zurück Seite 2 Weiter/);
    assert.match(html, /aria-label="Bestellungen"/);
  });

  it('says in words that nothing was found', () => {
    const html = render(h(DataTable<Row>, { ...base, rows: [] }));
    assert.match(html, /data-testid="orders-empty"[^>]*>Keine Bestellungen gefunden</);
  });

  it('shows skeleton rows while loading and an error with "try again" when the load failed', () => {
    const loading = render(h(DataTable<Row>, { ...base, rows: undefined, loading: true }));
    assert.equal(loading.match(/data-testid="orders-skeleton"/g)?.length, 5);
    const failed = render(h(DataTable<Row>, { ...base, rows: undefined, error: true, onRetry: () => {} }));
    assert.match(text(failed), /Die Daten konnten nicht geladen werden\. Erneut versuchen/);
  });
});

describe('money and dates', () => {
  it('reads € 1.234,56 and dd.MM.yyyy (HH:mm), left to right', () => {
    assert.equal(render(h(Money, { cents: 123456 })), '<bdi dir="ltr">€\u00a01.234,56</bdi>');
    assert.equal(render(h(DateDisplay, { value: '2026-03-05T10:15:00Z' })), '<bdi dir="ltr">05.03.2026</bdi>');
    assert.equal(
      render(h(DateDisplay, { value: '2026-03-05T10:15:00Z', time: true })),
      '<bdi dir="ltr">05.03.2026 11:15</bdi>',
    );
    assert.equal(text(render(h(DateDisplay, { value: null }))), 'N/A');
    assert.equal(text(render(h(DateDisplay, { value: 'kein Datum' }))), 'Ungültiges Datum');
  });
});

describe('confirmation dialog', () => {
  it('renders nothing while closed', () => {
    const html = render(
      h(ConfirmDialog, {
        opened: false,
        title: 'Löschen?',
        text: 'Endgültig.',
        onConfirm: () => {},
        onCancel: () => {},
      }),
    );
    assert.doesNotMatch(html, /Löschen\?/);
  });
});

describe('chart', () => {
  it('shows a placeholder of its height until Recharts has loaded', () => {
    const html = render(
      h(Chart, {
        type: 'bar',
        data: [{ month: '01.2026', orders: 3 }],
        dataKey: 'month',
        series: [{ name: 'orders', label: 'Bestellungen', color: 'blue.6' }],
        label: 'Bestellungen je Monat',
        height: 180,
      }),
    );
    assert.match(html, /mantine-Skeleton-root/);
  });

  it('loads Mantine Charts on first use', async () => {
    const impl = await import('../src/components/chart-impl');
    assert.equal(typeof impl.default, 'function');
  });
});

describe('filters in the URL', () => {
  const SCHEMA = {
    status: urlParam.oneOf(['offen', 'erledigt'] as const, 'offen'),
    agent: urlParam.id(),
    q: urlParam.text(),
    unassigned: urlParam.flag(),
  };
  function Probe() {
    const { values } = useUrlFilters(SCHEMA);
    return h('output', null, JSON.stringify(values));
  }
  const read = (search: string) => {
    const html = render(h(MemoryRouter, { initialEntries: [`/board${search}`] }, h(Probe)));
    return JSON.parse(/<output>(.*?)<\/output>/.exec(html)![1]!.replace(/&quot;/g, '"'));
  };

  it('reads typed values with defaults for what is missing or not allowed', () => {
    assert.deepEqual(read('?status=erledigt&agent=12&q=Post%20Wien&unassigned=true'), {
      status: 'erledigt',
      agent: 12,
      q: 'Post Wien',
      unassigned: true,
    });
    assert.deepEqual(read('?status=geloescht&agent=-3&unassigned=ja'), { status: 'offen', q: '', unassigned: false });
  });
});
