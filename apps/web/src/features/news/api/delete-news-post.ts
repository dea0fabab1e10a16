import { newsCalls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** Deletes a post {id} (`deleteNews`). */
export const useDeleteNewsPost = () => useCallMutation(newsCalls.deleteNews);
