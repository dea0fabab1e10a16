import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /web/update-rksv-order-status: the buyer came back without paying (only `failed`). */
export function reportFailed(sessionId: string): Promise<{ data: { payment_status: string } }> {
  return api('/web/update-rksv-order-status', { method: 'POST', body: { session_id: sessionId, status: 'failed' } });
}

export function useReportFailed() {
  return useMutation({ mutationFn: reportFailed });
}
