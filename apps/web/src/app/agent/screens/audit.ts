import { lazyPage } from '../../../lib/lazy-page';
import type { AreaScreens } from './types';

/** The admins' audit trail (issue 34): every staff write, sign-in and key reveal, hash-chained. */
export const auditScreens: AreaScreens = {
  audit: lazyPage(() => import('../../../features/audit/audit-page'), ['audit']),
};
