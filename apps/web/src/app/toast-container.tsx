import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.layer.css';

/** Mantine's toast container, in a chunk of its own (see DeferredToasts). */
export default function ToastContainer() {
  return <Notifications position="top-right" autoClose={3000} />;
}
