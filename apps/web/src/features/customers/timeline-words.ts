import type { TimelineItem, TimelineKind } from '@portal/shared';

/*
 * How an entry is worded: a sentence per kind ("Aufgabe erstellt: …"), for the areas' activities one
 * per action ("Notiz hinzugefügt: …"). The actions named here have their sentence in every language
 * (locales/<lang>/customers.json, `customers.timeline.actions.<kind>.<action>`); any other action reads
 * "Änderung: <action> – …", so a new action code never shows a missing string.
 */
const ACTIONS = {
  // modules/tasks: activity(…)
  task_activity: [
    'created',
    'created_from_request',
    'claimed',
    'agent_switched',
    'assist_requested',
    'audit_submitted',
    'files_uploaded',
    'file_shared',
    'file_unshared',
    'note_added',
    'sla_paused',
    'sla_resumed',
    'status_changed',
  ],
  // modules/rksv-orders/activity.ts ActivityAction
  rksv_activity: [
    'serial',
    'tracking',
    'pickup_ready',
    'activated',
    'key_revealed',
    'agent_assigned',
    'customer_assigned',
    'outage',
    'customer_mail',
    'card_state',
    'jahresbeleg',
    'outage_reported',
    'card_details',
  ],
  // modules/insolvency/cases.ts
  insolvency_activity: ['created', 'month_set', 'closed', 'permanently_closed'],
} as const satisfies Partial<Record<TimelineKind, readonly string[]>>;

type ActivityKind = keyof typeof ACTIONS;
const isActivity = (kind: TimelineKind): kind is ActivityKind => kind in ACTIONS;

/** The i18n key of an entry's sentence and whether it names the action itself (the generic one). */
export function entrySentenceKey(item: Pick<TimelineItem, 'kind' | 'action'>): { key: string; generic: boolean } {
  const { kind, action } = item;
  if (!isActivity(kind) || action === null) return { key: `customers.timeline.entry.${kind}`, generic: false };
  const known = (ACTIONS[kind] as readonly string[]).includes(action);
  return known
    ? { key: `customers.timeline.actions.${kind}.${action}`, generic: false }
    : { key: 'customers.timeline.unknownAction', generic: true };
}
