import type { DataTablePaging } from '../../../components/data-table';
import { SIGNAGE_PAGE } from '../api/query-keys';

/** Offset paging of the DataTable for a list answer `{rows, total}`. */
export function offsetPaging(
  offset: number,
  total: number | undefined,
  setOffset: (o: number) => void,
): DataTablePaging {
  return {
    page: Math.floor(offset / SIGNAGE_PAGE) + 1,
    hasPrevious: offset > 0,
    hasNext: total !== undefined && offset + SIGNAGE_PAGE < total,
    onPrevious: () => setOffset(Math.max(0, offset - SIGNAGE_PAGE)),
    onNext: () => setOffset(offset + SIGNAGE_PAGE),
  };
}
