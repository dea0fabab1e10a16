import { z } from 'zod';
import {
  auditFilterSchema,
  auditPageSchema,
  auditQuerySchema,
  auditVerifySchema,
  AUDIT_PAGE_MAX,
  AUDIT_PAGE_DEFAULT,
} from '../schemas/audit.js';
import { COMMON_MSG } from '../messages/common.js';
import { access, CUSTOMER_REGISTER_FLAGS, defineCalls, fileAnswer } from './define.js';

const invalid = COMMON_MSG.invalidValue.code;
const idParam = z.coerce.number({ error: invalid }).int(invalid).positive(invalid);
/** A screen's own entries: a page back in time, no other filter. */
const subjectQuery = z.object({
  limit: z.coerce
    .number({ error: invalid })
    .int(invalid)
    .min(1, invalid)
    .max(AUDIT_PAGE_MAX, invalid)
    .default(AUDIT_PAGE_DEFAULT),
  cursor: z.coerce.number({ error: invalid }).int(invalid).positive(invalid).optional(),
});

/** One screen's entries of the trail, with the access of that screen's area. */
const subjectTrail = (path: string, flags: Parameters<typeof access.staffWith>, what: string) =>
  ({
    method: 'GET',
    path: `/api/audit/${path}/:id`,
    access: access.staffWith(...flags),
    summary: `The audit trail's entries of one ${what}, newest first (agents: of their country)`,
    params: z.object({ id: idParam }),
    query: subjectQuery,
    answer: auditPageSchema,
    errors: [400, 401, 403, 404],
  }) as const;

/**
 * The staff audit trail (issue 34): every write a staff member or the CLI made, sign-ins, password
 * changes and key reveals, hash-chained. The admin's screen filters and exports it; the task, order,
 * device and customer screens show their own entries.
 */
export const auditCalls = defineCalls('audit', {
  listAuditEntries: {
    method: 'GET',
    path: '/api/audit',
    access: access.admin,
    summary:
      'The trail, newest first: actor_id, subject_kind, subject_id, customer_id, action, from, to (days), cursor',
    query: auditQuerySchema,
    answer: auditPageSchema,
    errors: [400, 401, 403],
  },
  exportAuditEntries: {
    method: 'GET',
    path: '/api/audit/export',
    access: access.admin,
    summary: 'The filtered trail as CSV (semicolons, UTF-8 with BOM), oldest first',
    query: auditFilterSchema,
    answer: fileAnswer('text/csv'),
    errors: [400, 401, 403],
    cacheControl: 'no-store',
  },
  verifyAuditTrail: {
    method: 'GET',
    path: '/api/audit/verify',
    access: access.admin,
    summary: 'Recomputes the hash chain over every row; names the first row that does not hold',
    answer: auditVerifySchema,
    errors: [400, 401, 403],
    cacheControl: 'no-store',
  },
  listTaskAuditEntries: subjectTrail('task', ['tasks'], 'task'),
  listRksvOrderAuditEntries: subjectTrail('rksv-order', ['rksv'], 'RKSV order (and its cards)'),
  listSignageDeviceAuditEntries: subjectTrail('signage-device', ['digital_signage'], 'signage screen'),
  listCustomerAuditEntries: subjectTrail(
    'customer',
    [...CUSTOMER_REGISTER_FLAGS],
    'customer (every subject of theirs)',
  ),
});
