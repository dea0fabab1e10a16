import type { RksvOrder } from '@portal/shared';
import { rksvOrdersCalls as calls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** One order; the dialog follows it when it leaves the filtered list (`getRksvOrder`). */
export const useRksvOrder = (id: number | undefined, placeholder?: RksvOrder) =>
  useCallQuery(calls.getRksvOrder, { id: id ?? 0 }, { enabled: id !== undefined, placeholderData: placeholder });
