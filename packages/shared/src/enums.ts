/** Roles of the portal; the ids are those of the `roles` reference table. */
export const ROLES = ['admin', 'agent', 'customer'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_IDS: Record<Role, number> = { admin: 1, agent: 2, customer: 3 };

/** Per-user feature flags, in the order of the spec's user record. */
export const FLAGS = [
  'tasks',
  'acceptances',
  'rmas',
  'reorder_goods',
  'field_service_orders',
  'rksv',
  'rksv_orders',
  'osms_control',
  'osms_overview',
  'stock',
  'digital_signage',
  'cashbook',
] as const;
export type Flag = (typeof FLAGS)[number];
export type Flags = Record<Flag, boolean>;

/** Country ids of the reference table: 1 Austria, 2 Egypt. */
export const COUNTRY = { AT: 1, EG: 2 } as const;

/** Task type ids of the `task_types` reference table (apps/server/src/db/reference-data.ts). */
export const TASK_TYPE = { support: 1, emergency: 2, menu: 3, switch: 4, dep: 5, integration: 6, rksv: 7 } as const;

export const LANGUAGES = ['de', 'en', 'fr', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const RTL_LANGUAGES: readonly Language[] = ['ar'];

/** `de_DE` -> `de`; anything unknown falls back to German. */
export function languageFromLangCode(langCode: string | null | undefined): Language {
  const lang = (langCode ?? '').split(/[_-]/)[0]?.toLowerCase();
  return (LANGUAGES as readonly string[]).includes(lang ?? '') ? (lang as Language) : 'de';
}
