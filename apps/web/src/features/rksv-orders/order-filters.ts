import { RKSV_PAYMENT_STATUSES, RKSV_STAGE_PATHS, RKSV_STAGES, type RksvStage } from '@portal/shared';
import { urlParam, type UrlFilterValues } from '../../lib/use-url-filters';
import type { RksvOrderFilters } from './api/get-orders';

/** The orders list's URL parameters: filters stay put across reloads and links; `order` is the open dialog. */
export const ORDER_FILTERS = {
  q: urlParam.text(),
  payment_status: urlParam.oneOf(['', ...RKSV_PAYMENT_STATUSES] as const, ''),
  delivery: urlParam.oneOf(['', '1', '0'] as const, ''),
  agent: urlParam.id(),
  order: urlParam.id(),
};
export type OrderFilterValues = UrlFilterValues<typeof ORDER_FILTERS>;
export const ORDER_RESETTABLE = ['q', 'payment_status', 'delivery', 'agent'] as const;

/** The stage of a sub-page, read from its sidebar entry (rksvorders/offen → open); none for the full list. */
export function stageOfPath(path: string | undefined): RksvStage | undefined {
  const segment = path?.split('/')[1];
  return RKSV_STAGES.find((s) => RKSV_STAGE_PATHS[s] === segment);
}

export function listFilters(v: OrderFilterValues, stage: RksvStage | undefined, q: string): RksvOrderFilters {
  return {
    q: q.trim() || undefined,
    payment_status: v.payment_status || undefined,
    delivery: v.delivery === '' ? undefined : (Number(v.delivery) as 0 | 1),
    agent_id: v.agent,
    stage,
  };
}

/** Status colours of the spec: green paid or completed, red failed or cancelled, blue pending. */
export function paymentStatusColor(status: string): string {
  if (status === 'paid' || status === 'completed') return 'green';
  if (status === 'failed' || status === 'cancelled') return 'red';
  if (status === 'pending') return 'blue';
  return 'gray';
}

export const STAGE_COLORS: Record<RksvStage, string> = {
  open: 'cyan',
  created: 'blue',
  delivery: 'indigo',
  pickup: 'grape',
  completed: 'green',
};
