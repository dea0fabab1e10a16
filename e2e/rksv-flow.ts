import assert from 'node:assert/strict';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { DEMO } from './helpers.js';

/* The steps before an RKSV order reaches an agent, as the shop and the back office take them over the API (the order workflow's and the keyboard's tests). */

/** A call of the API, as JSON; resolves to the status and the answer. */
export async function api<T>(base: string, url: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const res = await fetch(`${base}${url}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: res.status, json: (await res.json().catch(() => null)) as T };
}

export const signInByApi = async (base: string, who: { email: string; password: string }) => {
  const login = await api<{ accessToken: string }>(base, '/auth/login', { method: 'POST', body: who });
  assert.equal(login.status, 200, JSON.stringify(login.json));
  return login.json.accessToken;
};

/**
 * An order as a buyer makes it on /rksv, one card delivered by post: the shop's order call (its proof
 * of work solved here, as the page's widget does) and "Jetzt bezahlen" in the built-in test checkout.
 * Resolves to the order's number.
 */
export async function paidOrder(base: string, company: string): Promise<number> {
  const products = (await api<{ id: number; kind: string }[]>(base, '/web/rksv-products')).json;
  const challenge = (await api<Challenge>(base, '/web/challenge')).json;
  const solution = await solveChallenge({ challenge, deriveKey });
  assert.ok(solution, 'proof of work solved');
  const created = await api<{ data: { sessionUrl: string } }>(base, '/web/create-rksv-payment', {
    method: 'POST',
    body: {
      company,
      name: 'Greta Groß',
      taxIdType: 'uid',
      taxId: 'ATU76543210',
      address: 'Mariahilfer Straße 5',
      postalCode: '1060',
      city: 'Wien',
      email: 'greta@groessenwahn.at',
      phone: '0664 765 43 21',
      quantity: 1,
      deliveryMethod: 'shipping',
      productId: products.find((p) => p.kind === 'main')!.id,
      agb: true,
      dataVerified: true,
      altcha: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
    },
  });
  assert.equal(created.status, 200, JSON.stringify(created.json));
  const sessionId = decodeURIComponent(/\/web\/checkout\/([^/?#]+)/.exec(created.json.data.sessionUrl)![1]!);
  const paid = await fetch(`${base}/web/checkout/${encodeURIComponent(sessionId)}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ method: 'card' }).toString(),
    redirect: 'manual',
  });
  assert.equal(paid.status, 303, await paid.text());
  const details = await api<{ order: { id: number } }>(
    base,
    `/web/rksv-order-details?session_id=${encodeURIComponent(sessionId)}`,
  );
  assert.equal(details.status, 200, JSON.stringify(details.json));
  return details.json.order.id;
}

/** The admin assigns the order to the demo agent, Max Mustermann (the dialog's agent select). */
export async function assignToDemoAgent(base: string, orderId: number): Promise<void> {
  const token = await signInByApi(base, DEMO.admin);
  const agents = (await api<{ id: number; name: string }[]>(base, '/api/rksv-agents', { token })).json;
  const agentId = agents.find((a) => a.name === 'Max Mustermann')!.id;
  const assigned = await api(base, '/api/rksv-assign-agent', { method: 'POST', token, body: { orderId, agentId } });
  assert.equal(assigned.status, 200, JSON.stringify(assigned.json));
}

