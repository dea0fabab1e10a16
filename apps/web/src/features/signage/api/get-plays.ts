import { signagePlayCalls } from '@portal/shared/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { useCallQuery } from '../../../lib/calls';

/** A customer's plays per file and screen over a period (`getSignagePlays`), paged. */
export const useSignagePlays = (input: {
  customer_id: number;
  from: string;
  to: string;
  offset: number;
  limit: number;
}) => useCallQuery(signagePlayCalls.getSignagePlays, input, { placeholderData: keepPreviousData });
