import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BusinessInvoiceList } from '@portal/shared';
import { api, apiBlob } from '../../../lib/api';
import { saveBlob } from '../../../lib/save-blob';
import { businessKeys, pageQuery } from './keys';

/** GET /business/invoices: one keyset page of the own invoices. */
export const getBusinessInvoices = (cursor?: number, signal?: AbortSignal) =>
  api<BusinessInvoiceList>(`/business/invoices?${pageQuery(cursor)}`, { signal });

export function useBusinessInvoices(cursor?: number) {
  return useQuery({
    queryKey: businessKeys.invoices(cursor),
    queryFn: ({ signal }) => getBusinessInvoices(cursor, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /business/invoices/{number}.pdf with the session's token, saved as Rechnung-{number}.pdf. */
export async function downloadBusinessInvoice(pdfPath: string, number: string): Promise<void> {
  saveBlob(await apiBlob(pdfPath), `Rechnung-${number}.pdf`);
}
