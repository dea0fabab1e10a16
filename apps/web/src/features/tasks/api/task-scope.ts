import type { TaskStatus } from '@portal/shared';
import type { StoredUser } from '../../../lib/auth-storage';

/**
 * Whose tasks the board shows: admins load a country's tasks (their own unless they chose another),
 * agents their own tasks of their country.
 */
export interface TaskScope {
  admin: boolean;
  countryId: number;
  userId: number;
}

export function taskScope(
  user: Pick<StoredUser, 'id' | 'role' | 'country_id'>,
  chosenCountry?: number | null,
): TaskScope {
  const admin = user.role === 'admin';
  return { admin, countryId: (admin && chosenCountry) || user.country_id || 1, userId: user.id };
}

/** /get-tasks-from-admin/{countryId}/{status} or /get-tasks-from-agent/{countryId}/{status}/{agentId}. */
export function taskListPath(scope: TaskScope, status: TaskStatus): string {
  return scope.admin
    ? `/get-tasks-from-admin/${scope.countryId}/${status}`
    : `/get-tasks-from-agent/${scope.countryId}/${status}/${scope.userId}`;
}
