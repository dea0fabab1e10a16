import {
  serviceCalendarInputSchema,
  serviceCalendarListSchema,
  serviceCalendarSavedSchema,
  serviceCountryParams,
  slaPolicyInputSchema,
  slaPolicyListSchema,
  slaPolicySavedSchema,
  slaTaskTypeParams,
} from '../schemas/service-levels.js';
import { access, defineCalls } from './define.js';

/**
 * Service levels (issue 31): the countries' service calendars and the task types' policies. Staff read
 * them (the web shows the time left on a task); admins change them, which recomputes the deadlines of
 * the open tasks concerned in the same transaction (finished tasks keep theirs).
 */
export const serviceLevelsCalls = defineCalls('service-levels', {
  listServiceCalendars: {
    method: 'GET',
    path: '/api/service-calendars',
    access: access.staff,
    summary: "Every country's weekly hours, its closed days from today to twelve months ahead, its manual days",
    answer: serviceCalendarListSchema,
    errors: [400, 401, 403],
  },
  updateServiceCalendar: {
    method: 'PUT',
    path: '/api/service-calendars/:countryId',
    access: access.admin,
    audit: { subject: 'service_calendar', id: 'countryId' },
    summary:
      "Replace a country's hours and manual days {hours, holidays: [{date, name, closed?}]}; recomputes its open tasks",
    params: serviceCountryParams,
    body: serviceCalendarInputSchema,
    answer: serviceCalendarSavedSchema,
    errors: [400, 401, 403],
  },
  listSlaPolicies: {
    method: 'GET',
    path: '/api/sla-policies',
    access: access.staff,
    summary:
      "Every task type's service level (response and resolution minutes, clock); shipped defaults where none was set",
    answer: slaPolicyListSchema,
    errors: [400, 401, 403],
  },
  updateSlaPolicy: {
    method: 'PUT',
    path: '/api/sla-policies/:taskTypeId',
    access: access.admin,
    audit: { subject: 'sla_policy', id: 'taskTypeId' },
    summary: "Set a task type's service level; recomputes the open tasks of the type",
    params: slaTaskTypeParams,
    body: slaPolicyInputSchema,
    answer: slaPolicySavedSchema,
    errors: [400, 401, 403],
  },
});
