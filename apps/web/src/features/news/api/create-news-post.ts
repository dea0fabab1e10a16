import { newsCalls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** Writes a post; one Idempotency-Key per submit (`createNews`). */
export const useCreateNewsPost = () => useCallMutation(newsCalls.createNews);
