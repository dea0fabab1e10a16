/** The spec's knowledge base is static sample content; the texts live in the locale files under kb.articles. */
export const KB_CATEGORIES = ['all', 'technical', 'processes', 'faq', 'guidelines'] as const;
export type KbCategory = (typeof KB_CATEGORIES)[number];

export interface KbArticle {
  id: string;
  category: Exclude<KbCategory, 'all'>;
  /** Last revision, yyyy-MM-dd. */
  updated: string;
}

export const KB_ARTICLES: KbArticle[] = [
  { id: 'receiptPrinter', category: 'technical', updated: '2026-09-14' },
  { id: 'rksvCard', category: 'technical', updated: '2026-10-02' },
  { id: 'networkCheck', category: 'technical', updated: '2026-06-30' },
  { id: 'menuChange', category: 'processes', updated: '2026-08-21' },
  { id: 'companySwitch', category: 'processes', updated: '2026-05-11' },
  { id: 'depExport', category: 'faq', updated: '2026-03-03' },
  { id: 'emergencyCost', category: 'faq', updated: '2026-01-19' },
  { id: 'callEtiquette', category: 'guidelines', updated: '2026-07-07' },
  { id: 'dataProtection', category: 'guidelines', updated: '2026-02-25' },
];
