import { authCalls } from '@portal/shared/contracts';
import { callApi, callKey } from '../../../lib/calls';
import { useQuery } from '@tanstack/react-query';

/** Who an invitation link is for; an answer other than 2xx means it no longer works (`getInvitation`). */
export const useInvitation = (token: string) =>
  useQuery({
    queryKey: callKey(authCalls.getInvitation, { token }),
    // No session yet: a 401 here is not an ended session.
    queryFn: ({ signal }) => callApi(authCalls.getInvitation, { token }, { signal, skipUnauthorizedHandler: true }),
    enabled: !!token,
    retry: false,
  });
