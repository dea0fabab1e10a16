import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BusinessInvoiceList } from '@portal/shared';
import { api, ApiError } from '../../../lib/api';
import { readStoredUser } from '../../../lib/auth-storage';
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
  const headers: Record<string, string> = {};
  const user = readStoredUser();
  if (user?.accessToken) headers.authorization = `Bearer ${user.accessToken}`;
  const res = await fetch(pdfPath, { headers, credentials: 'include' });
  if (!res.ok) {
    // An ended session: the api client's call runs the one logout path.
    if (res.status === 401) void api('/auth/verify-token').catch(() => {});
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(res.status, body.message ?? '', body);
  }
  saveBlob(await res.blob(), `Rechnung-${number}.pdf`);
}
