import type { FastifyRequest } from 'fastify';
import type { Flag } from '@portal/shared';
import type { Access } from './auth.js';

/**
 * The access presets: every route declares exactly one of these in `config.access`, and the guard in
 * `auth.ts` enforces it. Flags gate admins too (one rule for the sidebar and the server). The
 * authorization-matrix test computes what each role and flag must get from the declared preset and
 * fails on a route without one.
 */

/** Anyone, no token (public forms, shop, health, sign-in). Each such route is also listed in the matrix test. */
export const publicAccess = 'public' as const satisfies Access;

/** Any signed-in account, whatever its role and flags (session, settings, own notifications). */
export const signedIn = {} as const satisfies Access;

/** Customer accounts only (the business area). */
export const customerOnly = { roles: ['customer'] } as const satisfies Access;

/** Staff: admins and agents. */
export const staff = { roles: ['admin', 'agent'] } as const satisfies Access;

/** Admins only. */
export const admin = { roles: ['admin'] } as const satisfies Access;

type FlagOrFlags = Flag | readonly Flag[];

/** Staff with the flag (with a list: any one of them, for data several areas work with). */
export const staffWith = (flag: FlagOrFlags) => ({ roles: staff.roles, flag }) as const satisfies Access;

/** Admins with the flag (with a list: any one of them). */
export const adminWith = (flag: FlagOrFlags) => ({ roles: admin.roles, flag }) as const satisfies Access;

/**
 * Staff with every one of the flags (the RKSV order lists need `rksv` and `rksv_orders`): the sidebar
 * entry that leads to such a screen requires them all too (`app/agent/nav.ts`).
 */
export const staffWithAll = (...flags: Flag[]) => ({ roles: staff.roles, allFlags: flags }) as const satisfies Access;

/**
 * Callers that hold a key of their own instead of a session (the signage screens:
 * `Authorization: Device <key>`). The area gives the check, which runs in the guard before the body is
 * read, refuses with 401 and leaves what it found on the request; `platform/` knows no key table.
 */
export const keyHolder = (kind: string, check: (req: FastifyRequest) => Promise<void>) =>
  ({ key: kind, check }) as const satisfies Access;

/** The areas that work with customers: the customer register is open to staff with one of them. */
export const CUSTOMER_REGISTER_FLAGS = ['tasks', 'rksv', 'digital_signage', 'cashbook'] as const satisfies Flag[];
