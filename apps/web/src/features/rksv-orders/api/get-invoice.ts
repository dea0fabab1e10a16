import { api } from '../../../lib/api';

/** GET /rksv-get-invoice/{invoiceRef}: a signed link (five minutes) to the invoice PDF. */
export function getInvoiceUrl(invoiceRef: string) {
  return api<{ url: string }>(`/rksv-get-invoice/${encodeURIComponent(invoiceRef)}`);
}

/**
 * Opens the invoice in a new tab: the tab opens at once (no popup blocker steps in), then goes to
 * the signed link; on failure it closes again and the error goes to the caller.
 */
export async function openInvoice(invoiceRef: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { url } = await getInvoiceUrl(invoiceRef);
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch (e) {
    tab?.close();
    throw e;
  }
}
