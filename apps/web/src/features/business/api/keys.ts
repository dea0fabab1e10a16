/** Query keys of the business dashboard's own-data screens; a new support request refreshes support and overview. */
export const businessKeys = {
  all: ['business'] as const,
  overview: ['business', 'overview'] as const,
  orders: (kind: 'orders' | 'deliveries', cursor: number | undefined) => ['business', kind, cursor ?? null] as const,
  order: (id: number) => ['business', 'order', id] as const,
  invoices: (cursor: number | undefined) => ['business', 'invoices', cursor ?? null] as const,
  support: (cursor: number | undefined) => ['business', 'support', cursor ?? null] as const,
  supportItem: (id: number) => ['business', 'support-item', id] as const,
  devices: ['business', 'devices'] as const,
};

/** `?limit=&cursor=` of a keyset page. */
export const pageQuery = (cursor: number | undefined, limit = 20) =>
  new URLSearchParams({ limit: String(limit), ...(cursor !== undefined ? { cursor: String(cursor) } : {}) });
