import OrdersPage from './orders-page';

/** Orders in stage delivery (with the tracking link) or pickup (with the pickup note). */
export default function DeliveriesPage() {
  return <OrdersPage kind="deliveries" />;
}
