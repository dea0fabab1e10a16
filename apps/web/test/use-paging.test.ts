import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import React, { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { keysetPages, offsetPages, useKeysetPaging, useOffsetPaging, type Paging } from '../src/lib/use-paging';

(globalThis as { React?: typeof React }).React = React;

// The one paging of the list screens: keyset pages (cursor / nextCursor, back through the cursors
// seen) and offset pages under a total that may be capped, or a `hasMore` flag.

/** What a hook hands the table on the first render. */
function firstRender<T>(hook: () => T): T {
  let out: T | undefined;
  function Probe() {
    out = hook();
    return null;
  }
  renderToStaticMarkup(h(Probe));
  return out!;
}
const shape = (p: Paging) => ({ page: p.page, hasPrevious: p.hasPrevious, hasNext: p.hasNext });

describe('keyset pages', () => {
  it('go forward through the next cursors and back through the cursors seen', () => {
    let stack: (string | undefined)[] = [undefined];
    assert.equal(keysetPages.cursor(stack), undefined);
    stack = keysetPages.next(stack, 'c2');
    stack = keysetPages.next(stack, 'c3');
    assert.equal(keysetPages.cursor(stack), 'c3');
    assert.equal(stack.length, 3);
    stack = keysetPages.previous(stack);
    assert.equal(keysetPages.cursor(stack), 'c2');
    stack = keysetPages.previous(stack);
    stack = keysetPages.previous(stack);
    assert.deepEqual(stack, [undefined], 'never before the first page');
    assert.deepEqual(keysetPages.next([undefined], null), [undefined], 'no next cursor, no next page');
  });

  it('start on the first page with "next" only when the answer has a next cursor', () => {
    const { cursor, paging } = firstRender(() => useKeysetPaging<number>('{"stage":"offen"}'));
    assert.equal(cursor, undefined);
    assert.deepEqual(shape(paging(17)), { page: 1, hasPrevious: false, hasNext: true });
    assert.deepEqual(shape(paging(null)), { page: 1, hasPrevious: false, hasNext: false });
    assert.equal(paging(17, { showPage: false }).page, undefined);
  });
});

describe('offset pages', () => {
  it('count pages of the page size and stop at the total', () => {
    assert.equal(offsetPages.page(0, 25), 1);
    assert.equal(offsetPages.page(50, 25), 3);
    assert.equal(offsetPages.next(50, 25), 75);
    assert.equal(offsetPages.previous(10, 25), 0);
    assert.equal(offsetPages.hasNext(0, 25, 26), true);
    assert.equal(offsetPages.hasNext(0, 25, 25), false);
    assert.equal(offsetPages.hasNext(0, 25, undefined), false, 'no answer yet, no next page');
  });

  it('go on past a capped total (the server stopped counting there)', () => {
    assert.equal(offsetPages.hasNext(975, 25, 1000, false), false);
    assert.equal(offsetPages.hasNext(975, 25, 1000, true), true);
    assert.equal(offsetPages.hasNext(1000, 25, 1000, true), false);
  });

  it('hand the table the first page with the answer\'s total or hasMore', () => {
    const { offset, paging } = firstRender(() => useOffsetPaging(25));
    assert.equal(offset, 0);
    assert.deepEqual(shape(paging({ total: 60 })), { page: 1, hasPrevious: false, hasNext: true });
    assert.deepEqual(shape(paging({ total: 10 })), { page: 1, hasPrevious: false, hasNext: false });
    assert.deepEqual(shape(paging({ hasMore: true })), { page: 1, hasPrevious: false, hasNext: true });
    assert.deepEqual(shape(paging({ total: 25, totalCapped: true })), { page: 1, hasPrevious: false, hasNext: true });
    assert.deepEqual(shape(paging(undefined)), { page: 1, hasPrevious: false, hasNext: false });
  });
});
