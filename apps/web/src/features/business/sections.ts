/** Sections of the business dashboard (spec: overview, orders, invoices, documents, deliveries, signature cards, integrations, branches, news, support, profile). */
export const BUSINESS_SECTIONS = [
  'overview',
  'orders',
  'invoices',
  'documents',
  'deliveries',
  'cards',
  'integrations',
  'branches',
  'news',
  'support',
  'profile',
] as const;
export type BusinessSection = (typeof BUSINESS_SECTIONS)[number];
