import { businessCalls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/**
 * A support request with its files (`createBusinessSupportRequest`), always multipart so the upload
 * reports its progress; one idempotency key per submit attempt.
 */
export function useCreateBusinessSupport(onProgress?: (percent: number) => void) {
  return useCallMutation(businessCalls.createBusinessSupportRequest, { onProgress });
}
