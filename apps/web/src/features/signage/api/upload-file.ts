import { signageCalls, type CallAnswer } from '@portal/shared/contracts';
import { callUrl } from '../../../lib/calls';
import { uploadWithProgress } from '../../../lib/upload';

const call = signageCalls.uploadSignageFiles;

/**
 * Uploads a picture or video with its duration (`uploadSignageFiles`, multipart), through
 * XMLHttpRequest for the progress fetch does not report.
 */
export function uploadFile(file: File, duration: number, onProgress: (percent: number) => void) {
  const body = new FormData();
  body.append('duration', String(duration));
  body.append(call.multipart.fileField, file);
  return uploadWithProgress<CallAnswer<typeof call>>(callUrl(call), body, { onProgress });
}
