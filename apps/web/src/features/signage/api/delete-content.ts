import { signageCalls } from '@portal/shared/contracts';
import { callApi } from '../../../lib/calls';

/** Takes one item off its device (`deleteSignageContent`). */
export const removeContent = (contentId: number) => callApi(signageCalls.deleteSignageContent, { id: contentId });
