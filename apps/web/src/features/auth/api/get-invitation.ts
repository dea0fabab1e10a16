import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface Invitation {
  email: string;
  name: string;
}

/** GET /auth/invitation?token=…: who an invitation link is for; an answer other than 2xx means it no longer works. */
export function getInvitation(token: string) {
  return api<Invitation>(`/auth/invitation?token=${encodeURIComponent(token)}`, { skipUnauthorizedHandler: true });
}

export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: () => getInvitation(token),
    enabled: !!token,
    retry: false,
  });
}
