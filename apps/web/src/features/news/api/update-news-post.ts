import { newsCalls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** Changes a post {id, ...fields} (`updateNews`). */
export const useUpdateNewsPost = () => useCallMutation(newsCalls.updateNews);
