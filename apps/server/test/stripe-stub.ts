import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small local stand-in for the parts of Stripe's API the shop uses (Checkout Sessions create and
 * retrieve), so the real `stripe` package can be pointed at it (STRIPE_API_BASE). Tests complete,
 * expire or alter sessions here and build the events Stripe would send.
 */

export interface StubSession {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  mode: string;
  success_url: string | null;
  cancel_url: string | null;
  payment_intent: string | null;
  line_items: { quantity: number; unit_amount: number; name: string }[];
  allowed_payment_method_types: string[];
}

export interface StubRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
}

/** Stripe's form encoding (`a[b][0][c]=v`) back into an object; numeric keys become arrays. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let cur: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const isIndex = /^\d+$/.test(parts[i + 1] ?? '');
      const slot = cur as Record<string, unknown>;
      if (last) {
        slot[part] = value;
      } else {
        slot[part] ??= isIndex ? [] : {};
        cur = slot[part] as Record<string, unknown>;
      }
    });
  }
  return root;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export interface StripeStub {
  url: string;
  requests: StubRequest[];
  sessions: Map<string, StubSession>;
  /** This many of the next create calls answer 500 (Stripe unavailable; the client retries once). */
  failCreates: number;
  /** The buyer paid (or started a delayed payment) with this method. */
  complete(sessionId: string, method: string, paid?: boolean): StubSession;
  expire(sessionId: string): StubSession;
  /** A Stripe event around the session as it is now (an API v1 event object). */
  event(type: string, sessionId: string, eventId?: string): Record<string, unknown>;
  close(): Promise<void>;
}

export async function startStripeStub(): Promise<StripeStub> {
  const sessions = new Map<string, StubSession>();
  const intents = new Map<string, { id: string; object: 'payment_intent'; payment_method: string; method: string }>();
  const requests: StubRequest[] = [];
  let failCreates = 0;

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    res.end(JSON.stringify(body));
  };

  const view = (s: StubSession, expand: string[]) => {
    const pi = s.payment_intent ? intents.get(s.payment_intent) : undefined;
    let payment_intent: unknown = s.payment_intent;
    if (pi && expand.some((e) => e.startsWith('payment_intent'))) {
      payment_intent = {
        id: pi.id,
        object: 'payment_intent',
        payment_method_types: [pi.method],
        payment_method: expand.includes('payment_intent.payment_method')
          ? { id: pi.payment_method, object: 'payment_method', type: pi.method }
          : pi.payment_method,
      };
    }
    const { line_items: _lines, ...rest } = s;
    return { ...rest, payment_intent };
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const u = new URL(req.url ?? '/', 'http://stub');
      const body = req.method === 'GET' ? parseStripeForm(u.search.slice(1)) : parseStripeForm(raw);
      requests.push({ method: req.method ?? '', path: u.pathname, body, headers: req.headers });
      if (!/^Bearer sk_/.test(req.headers.authorization ?? '')) {
        return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      if (req.method === 'POST' && u.pathname === '/v1/checkout/sessions') {
        if (failCreates > 0) {
          failCreates--;
          return send(res, 500, { error: { type: 'api_error', message: 'stub: unavailable' } });
        }
        const items = (body.line_items as Record<string, Record<string, unknown>>[] | undefined) ?? [];
        const line_items = items.map((li) => {
          const pd = li.price_data as Record<string, unknown>;
          return {
            quantity: Number(li.quantity),
            unit_amount: Number(pd.unit_amount),
            name: String((pd.product_data as Record<string, unknown>).name),
          };
        });
        const sid = id('cs_test');
        const s: StubSession = {
          id: sid,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${sid}`,
          status: 'open',
          payment_status: 'unpaid',
          amount_total: line_items.reduce((a, l) => a + l.quantity * l.unit_amount, 0),
          currency: String((items[0]?.price_data as Record<string, unknown> | undefined)?.currency ?? 'eur'),
          client_reference_id: (body.client_reference_id as string) ?? null,
          customer_email: (body.customer_email as string) ?? null,
          metadata: (body.metadata as Record<string, string>) ?? {},
          mode: String(body.mode),
          success_url: ((body.success_url as string) ?? '').replaceAll('{CHECKOUT_SESSION_ID}', sid),
          cancel_url: (body.cancel_url as string) ?? null,
          payment_intent: null,
          line_items,
          allowed_payment_method_types: (body.allowed_payment_method_types as string[]) ?? [],
        };
        sessions.set(sid, s);
        return send(res, 200, view(s, []));
      }
      const m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(u.pathname);
      if (req.method === 'GET' && m) {
        const s = sessions.get(decodeURIComponent(m[1]!));
        if (!s)
          return send(res, 404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
        return send(res, 200, view(s, (body.expand as string[] | undefined) ?? []));
      }
      return send(res, 404, { error: { type: 'invalid_request_error', message: `stub: ${req.method} ${u.pathname}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const get = (sid: string) => {
    const s = sessions.get(sid);
    if (!s) throw new Error(`stub: no session ${sid}`);
    return s;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    get failCreates() {
      return failCreates;
    },
    set failCreates(v: number) {
      failCreates = v;
    },
    complete(sid, method, paid = true) {
      const s = get(sid);
      const pi = { id: id('pi'), object: 'payment_intent' as const, payment_method: id('pm'), method };
      intents.set(pi.id, pi);
      s.status = 'complete';
      s.payment_status = paid ? 'paid' : 'unpaid';
      s.payment_intent = pi.id;
      return s;
    },
    expire(sid) {
      const s = get(sid);
      s.status = 'expired';
      return s;
    },
    event(type, sid, eventId = id('evt')) {
      return {
        id: eventId,
        object: 'event',
        api_version: '2026-10-28.endive',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object: view(get(sid), []) },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
