import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Stripe's customer list (GET /v1/customers with limit and starting_after, as
 * Stripe pages it), so the sync's Stripe source runs the real `stripe` package against it
 * (STRIPE_API_BASE). Tests change `customers` between runs and may make the key fail.
 */
export interface FakeCustomer {
  id: string;
  name: string | null;
  email?: string | null;
  phone?: string | null;
  address?: {
    line1?: string | null;
    line2?: string | null;
    postal_code?: string | null;
    city?: string | null;
    country?: string | null;
  } | null;
  metadata?: Record<string, string>;
}

export interface StripeCustomersFake {
  url: string;
  customers: FakeCustomer[];
  /** Every list call: its limit and starting_after. */
  calls: { limit: number; startingAfter: string | null; key: string }[];
  /** Answer 401 (a wrong key). */
  rejectKey: boolean;
  close(): Promise<void>;
}

export async function startStripeCustomersFake(): Promise<StripeCustomersFake> {
  const state: Omit<StripeCustomersFake, 'url' | 'close'> = { customers: [], calls: [], rejectKey: false };
  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${Date.now()}` });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://fake');
    const key = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (req.method !== 'GET' || u.pathname !== '/v1/customers') {
      return send(res, 404, { error: { type: 'invalid_request_error', message: `fake: ${req.method} ${u.pathname}` } });
    }
    if (state.rejectKey || !key.startsWith('sk_')) {
      return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    const limit = Math.min(100, Number(u.searchParams.get('limit') ?? 10));
    const startingAfter = u.searchParams.get('starting_after');
    state.calls.push({ limit, startingAfter, key });
    const from = startingAfter ? state.customers.findIndex((c) => c.id === startingAfter) + 1 : 0;
    const page = state.customers.slice(from, from + limit);
    send(res, 200, {
      object: 'list',
      url: '/v1/customers',
      has_more: from + limit < state.customers.length,
      data: page.map((c) => ({
        object: 'customer',
        created: 1_700_000_000,
        livemode: false,
        email: null,
        phone: null,
        address: null,
        shipping: null,
        metadata: {},
        ...c,
      })),
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
