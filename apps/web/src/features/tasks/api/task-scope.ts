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
