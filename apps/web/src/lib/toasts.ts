import { notifications } from '@mantine/notifications';
import { requestToastContainer } from './toast-request';

/*
 * Screens show toasts through this module, never through '@mantine/notifications' directly: loading
 * it asks the shell to mount the toast container, so pages that never toast (the landing page, say)
 * load neither the container nor its transitions.
 */
requestToastContainer();

export { notifications };
