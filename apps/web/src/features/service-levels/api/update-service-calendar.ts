import { serviceLevelsCalls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** Replaces a country's hours and manual days {countryId, hours, holidays} (`updateServiceCalendar`). */
export const useUpdateServiceCalendar = () => useCallMutation(serviceLevelsCalls.updateServiceCalendar, { invalidates: ['service-levels', 'tasks'] });
