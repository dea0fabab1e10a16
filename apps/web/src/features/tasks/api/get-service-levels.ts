import { serviceLevelsCalls } from '@portal/shared/contracts';
import type { ServiceCalendar, ServiceCalendarView, SlaClock } from '@portal/shared';
import { useCallQuery } from '../../../lib/calls';

/** What the board's countdown counts on: each country's calendar and each task type's clock. */
export interface SlaRules {
  calendars: Map<number, ServiceCalendar>;
  clocks: Map<number, SlaClock>;
}

// One calendar object per answer (the shared rule keeps each one's days and hours), not one per render.
const built = new WeakMap<object, Map<number, ServiceCalendar>>();
function calendarsOf(list: ServiceCalendarView[]): Map<number, ServiceCalendar> {
  let map = built.get(list);
  if (!map) {
    map = new Map(list.map((c) => [c.country_id, { country_id: c.country_id, zone: c.zone, hours: c.hours, manual: c.manual }]));
    built.set(list, map);
  }
  return map;
}

/**
 * The service calendars and policies as the admins set them (`listServiceCalendars`, `listSlaPolicies`),
 * kept ten minutes; null until both are in (the countdown uses the shipped ones meanwhile).
 */
export function useSlaRules(enabled = true): SlaRules | null {
  const calendars = useCallQuery(serviceLevelsCalls.listServiceCalendars, {}, { enabled, staleTime: 10 * 60_000 });
  const policies = useCallQuery(serviceLevelsCalls.listSlaPolicies, {}, { enabled, staleTime: 10 * 60_000 });
  if (!calendars.data || !policies.data) return null;
  return {
    calendars: calendarsOf(calendars.data),
    clocks: new Map(policies.data.map((p) => [p.task_type_id, p.clock])),
  };
}
