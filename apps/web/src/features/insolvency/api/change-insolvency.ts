import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InsolvencyCloseStatus } from '@portal/shared';
import { api } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { insolvencyKeys } from './get-insolvencies';

/*
 * The three changes of a case; each refreshes the list.
 * POST /create-insolvency, POST /set-insolvency-month/{id}/month, PATCH /close-insolvency/{id}.
 */

export interface CreateInsolvencyBody {
  customer_id: number | null;
  administrator_name: string;
  administrator_email: string;
  administrator_phone: string;
  start_date: string;
}

function useChange<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void qc.invalidateQueries({ queryKey: insolvencyKeys.all }) });
}

export function useCreateInsolvency() {
  return useChange((body: CreateInsolvencyBody) =>
    api<{ id: number; message: string }>('/create-insolvency', {
      method: 'POST',
      body,
      headers: { 'Idempotency-Key': newIdempotencyKey() },
    }),
  );
}

export function useSetInsolvencyMonth() {
  return useChange((input: { id: number; month: number; year: number; invoice_number: string }) =>
    api<{ message: string }>(`/set-insolvency-month/${input.id}/month`, {
      method: 'POST',
      body: { month: input.month, year: input.year, invoice_number: input.invoice_number },
    }),
  );
}

export function useCloseInsolvency() {
  return useChange((input: { id: number; status: InsolvencyCloseStatus }) =>
    api<{ message: string; status: InsolvencyCloseStatus; end_date: string }>(`/close-insolvency/${input.id}`, {
      method: 'PATCH',
      body: { status: input.status },
    }),
  );
}
