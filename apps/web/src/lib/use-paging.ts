import { useCallback, useMemo, useState } from 'react';

/*
 * The one paging of the list screens, for the two page shapes the server answers:
 * - keyset: `?cursor=` → `{…, nextCursor}`; "previous" goes back through the cursors seen;
 * - offset: `?limit=&offset=` → `{…, total, totalCapped?}`, the total counted up to a cap.
 * Both start again at the first page when the list's filters change (`resetKey`, e.g. the filters
 * as JSON): in the same render, so no page of the old filters is fetched with the new ones.
 * What they hand the DataTable is its `paging` prop (the same shape as `DataTablePaging`).
 */

export interface Paging {
  /** 1-based, shown between the buttons; left out it shows none. */
  page?: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}

/** Pure rules of keyset pages: the stack of cursors seen, the first page's cursor `undefined`. */
export const keysetPages = {
  cursor: <C>(stack: readonly (C | undefined)[]): C | undefined => stack[stack.length - 1],
  next: <C>(stack: readonly (C | undefined)[], nextCursor: C | null | undefined): (C | undefined)[] =>
    nextCursor == null ? [...stack] : [...stack, nextCursor],
  previous: <C>(stack: readonly (C | undefined)[]): (C | undefined)[] => (stack.length > 1 ? stack.slice(0, -1) : [...stack]),
};

/** Pure rules of offset pages of `size` rows under a total that may be capped. */
export const offsetPages = {
  page: (offset: number, size: number) => Math.floor(offset / size) + 1,
  hasNext: (offset: number, size: number, total: number | undefined, capped = false) =>
    total !== undefined && (offset + size < total || (capped && offset + size <= total)),
  next: (offset: number, size: number) => offset + size,
  previous: (offset: number, size: number) => Math.max(0, offset - size),
};

/** Keyset pages: the cursor of the current page and the DataTable paging for the answer's `nextCursor`. */
export function useKeysetPaging<C = string>(resetKey = '') {
  const [state, setState] = useState<{ key: string; stack: (C | undefined)[] }>({ key: resetKey, stack: [undefined] });
  const stack = useMemo(() => (state.key === resetKey ? state.stack : [undefined]), [state, resetKey]);
  const cursor = keysetPages.cursor(stack);
  const paging = useCallback(
    (nextCursor: C | null | undefined, { showPage = true } = {}): Paging => ({
      ...(showPage ? { page: stack.length } : {}),
      hasPrevious: stack.length > 1,
      hasNext: nextCursor != null,
      onPrevious: () => setState({ key: resetKey, stack: keysetPages.previous(stack) }),
      onNext: () => setState({ key: resetKey, stack: keysetPages.next(stack, nextCursor) }),
    }),
    [stack, resetKey],
  );
  const reset = useCallback(() => setState({ key: resetKey, stack: [undefined] }), [resetKey]);
  return { cursor, page: stack.length, paging, reset };
}

/** What an offset page answers: its total (perhaps capped), or only whether more rows follow. */
export interface OffsetAnswer {
  total?: number;
  totalCapped?: boolean;
  hasMore?: boolean;
}

/** Offset pages of `size` rows: the current offset and the DataTable paging for the page's answer. */
export function useOffsetPaging(size: number, resetKey = '') {
  const [state, setState] = useState({ key: resetKey, offset: 0 });
  const offset = state.key === resetKey ? state.offset : 0;
  const setOffset = useCallback((o: number) => setState({ key: resetKey, offset: o }), [resetKey]);
  const paging = useCallback(
    (answer: OffsetAnswer | undefined): Paging => ({
      page: offsetPages.page(offset, size),
      hasPrevious: offset > 0,
      hasNext: answer?.hasMore ?? offsetPages.hasNext(offset, size, answer?.total, answer?.totalCapped),
      onPrevious: () => setOffset(offsetPages.previous(offset, size)),
      onNext: () => setOffset(offsetPages.next(offset, size)),
    }),
    [offset, size, setOffset],
  );
  return { offset, setOffset, page: offsetPages.page(offset, size), paging };
}
