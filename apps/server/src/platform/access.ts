import type { Access } from './auth.js';

/**
 * The guard's side of the access presets. Calls declare theirs in packages/shared/src/contracts
 * (`access.*`), and `serve` hands the guard its shape; these few are what the server's own routes
 * outside the declarations use (the web app's files) and what the authorization-matrix test compares
 * a route's access with.
 */

/** Anyone, no token (the web app's files; declared calls use `access.public`). */
export const publicAccess = 'public' as const satisfies Access;

/** Any signed-in account, whatever its role and flags. */
export const signedIn = {} as const satisfies Access;

/** Customer accounts only (the business area). */
export const customerOnly = { roles: ['customer'] } as const satisfies Access;

/** Staff: admins and agents. */
export const staff = { roles: ['admin', 'agent'] } as const satisfies Access;

/** Admins only. */
export const admin = { roles: ['admin'] } as const satisfies Access;
