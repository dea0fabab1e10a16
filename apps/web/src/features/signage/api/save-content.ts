import type { SignageContentItemInput } from '@portal/shared';
import { signageCalls } from '@portal/shared/contracts';
import { callApi } from '../../../lib/calls';

/** Adds (or updates) items on a device (`saveSignageContent`). */
export const assignContent = (deviceId: number, content: SignageContentItemInput[]) =>
  callApi(signageCalls.saveSignageContent, { id: deviceId, content });
