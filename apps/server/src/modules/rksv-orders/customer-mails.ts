import { orderMailLanguage, postTrackingUrl, rksvOrderMail, type RksvOrderMailKind } from '@portal/shared';
import type { Config } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import { queueMail } from '../../platform/mail.js';
import { afterCommit } from '../../platform/unit-of-work.js';
import type { OrderRow } from './access.js';
import { recordActivity } from './activity.js';

/**
 * The buyer hears of their order (issue 30): a mail when it is shipped (tracking number and the
 * Austrian Post's tracking link) and when it is ready for pickup (the seller's address and the
 * opening hours), in the order's language, else German. Queued in the outbox in the transaction of
 * the change (so once per change: the change itself happens once, under the order's row lock) and
 * written into the order's activity; delivered after commit.
 */
export async function queueCustomerMail(
  tx: DbOrTx,
  config: Config,
  input: { order: OrderRow; kind: RksvOrderMailKind; userId: number; trackingNumber?: string },
): Promise<number> {
  const { order, kind } = input;
  const lang = orderMailLanguage(order.lang);
  const tracking = input.trackingNumber ?? order.tracking_number ?? undefined;
  const mail = rksvOrderMail(lang, {
    kind,
    id: order.id,
    name: order.customername,
    qty: order.qty,
    address: `${order.companyname}, ${order.address}, ${order.zipcode} ${order.city}`,
    tracking,
    trackingUrl: tracking ? postTrackingUrl(tracking) : undefined,
    pickupAddress: `${config.seller.name}, ${config.seller.address}`,
    seller: config.seller.name,
  });
  const mailId = await queueMail(tx, { to: order.email, ...mail });
  await recordActivity(tx, {
    orderId: order.id,
    userId: input.userId,
    action: 'customer_mail',
    details: { mail: kind, to: order.email, lang, mail_id: mailId },
  });
  afterCommit.mail(mailId);
  return mailId;
}
