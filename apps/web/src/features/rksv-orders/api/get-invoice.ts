import { rksvOrdersCalls as calls } from '@portal/shared/contracts';
import { callApi } from '../../../lib/calls';

/**
 * Opens the invoice in a new tab: the tab opens at once (no popup blocker steps in), then goes to
 * the signed link of `getRksvInvoiceUrl` (five minutes); on failure it closes again and the error
 * goes to the caller.
 */
export async function openInvoice(invoiceRef: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { url } = await callApi(calls.getRksvInvoiceUrl, { invoiceRef });
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch (e) {
    tab?.close();
    throw e;
  }
}
