import { businessCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** One own request with its messages and mails (`getBusinessSupportRequest`). */
export const useBusinessSupportItem = (id: number) => useCallQuery(businessCalls.getBusinessSupportRequest, { id });
