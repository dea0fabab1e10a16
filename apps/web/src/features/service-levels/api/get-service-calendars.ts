import { serviceLevelsCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** Every country's hours, closed days of the next 12 months and manual days (`listServiceCalendars`). */
export const useServiceCalendars = () => useCallQuery(serviceLevelsCalls.listServiceCalendars, {});
