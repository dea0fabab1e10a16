import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Language, RksvStage } from '@portal/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { products, rksvCards, rksvOrders } from '../../db/schema/index.js';
import { issueInvoice } from '../shop/index.js';
import { refreshCardDeadline } from './card-deadline.js';

/**
 * Orders in a chosen stage or payment status, written as the shop and the workflow would leave them
 * (cards per unit, invoice once paid). For the demo seed and the API tests; not reachable over HTTP.
 */
export interface SampleOrder {
  companyname: string;
  customername: string;
  email?: string;
  address?: string;
  zipcode?: string;
  city?: string;
  vatnr?: string;
  qty?: number;
  delivery?: 0 | 1;
  /** A stage (paid order) or a payment status without stage. */
  stage?: RksvStage;
  payment_status?: 'paid' | 'completed' | 'pending' | 'failed' | 'expired' | 'cancelled';
  agentId?: number | null;
  payedAt?: Date;
  /** Issue the invoice of a paid order (gap-free number, as the shop does). */
  invoice?: boolean;
  /** The language the buyer ordered in (their mails); none: German. */
  lang?: Language;
}

const HOUR = 3_600_000;

export async function insertSampleOrder(db: Db, config: Config, s: SampleOrder): Promise<{ id: number; cardIds: number[] }> {
  const [main] = await db.select().from(products).where(and(eq(products.kind, 'main'), eq(products.active, true)));
  const [ship] = await db.select().from(products).where(and(eq(products.kind, 'shipping'), eq(products.active, true)));
  const qty = s.qty ?? 1;
  const delivery = s.delivery ?? 1;
  const status = s.stage ? (s.payment_status ?? 'paid') : (s.payment_status ?? 'pending');
  const paid = status === 'paid' || status === 'completed';
  const payedAt = paid ? (s.payedAt ?? new Date(Date.now() - 72 * HOUR)) : null;
  const shipping = delivery === 1 ? (ship?.price ?? 0) : 0;
  const total = qty * main!.price + shipping;
  const net = Math.round(total / 1.2);
  const stage = s.stage;
  const shipped = stage === 'delivery' || stage === 'pickup' || stage === 'completed';
  return db.transaction(async (tx) => {
    const [order] = await tx
      .insert(rksvOrders)
      .values({
        companyname: s.companyname,
        customername: s.customername,
        email: s.email ?? 'kunde@example.at',
        phone: '+43 1 234567',
        address: s.address ?? 'Hauptstraße 1',
        zipcode: s.zipcode ?? '1010',
        city: s.city ?? 'Wien',
        vatnr: s.vatnr ?? 'ATU12345678',
        tax_id_type: 'uid',
        product_id: main!.id,
        product_name: main!.name,
        qty,
        delivery,
        unit_price: main!.price,
        shipping_amount: shipping,
        net_amount: net,
        vat_amount: total - net,
        total_amount: total,
        payment_status: status,
        payment_type: paid ? 'card' : null,
        provider: 'local',
        mode: 'payment',
        session_id: `cs_sample_${randomBytes(9).toString('hex')}`,
        session_url: 'http://localhost/web/checkout/sample',
        return_ref: randomBytes(18).toString('base64url'),
        saved_at: payedAt ?? new Date(),
        payed_at: payedAt,
        shipped_at: shipped ? new Date(payedAt!.getTime() + 30 * HOUR) : null,
        tracking_number: shipped && delivery === 1 ? `RR${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}AT` : null,
        agent_id: s.agentId ?? null,
        lang: s.lang ?? null,
      })
      .returning();
    const cardIds: number[] = [];
    if (paid) {
      const serialOf = (i: number) => `SN-${order!.id}-${i + 1}`;
      const rows = Array.from({ length: qty }, (_, i) => {
        // Open: the first card still lacks its serial number; completed: the first card is activated.
        const done = stage !== 'open' || i > 0;
        const active = stage === 'completed' && i === 0;
        return {
          order_id: order!.id,
          serial_number: done ? serialOf(i) : null,
          cert_done: done ? 1 : 0,
          activated_at: active ? new Date(payedAt!.getTime() + 60 * HOUR) : null,
          kassenid: active ? `KASSE-${order!.id}` : null,
          // A certificate's serial is hexadecimal.
          cert_sn: active ? `0CE7${order!.id.toString(16).toUpperCase().padStart(8, '0')}` : null,
          aes_key: active ? randomBytes(32).toString('base64') : null,
        };
      });
      const cards = await tx
        .insert(rksvCards)
        .values(rows)
        .returning({ id: rksvCards.id, activated_at: rksvCards.activated_at });
      cardIds.push(...cards.map((c) => c.id));
      // An activated card's legal deadlines, as the activation writes them.
      await refreshCardDeadline(
        tx,
        cards.filter((c) => c.activated_at).map((c) => c.id),
        new Date(),
      );
      if (s.invoice !== false) await issueInvoice(tx, config, order!, ship?.name ?? null, { at: payedAt!, method: 'card' });
    }
    return { id: order!.id, cardIds };
  });
}
