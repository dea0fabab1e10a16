/** Every shop query lives under ['shop', ...]. */
export const shopKeys = {
  all: ['shop'] as const,
  products: () => [...shopKeys.all, 'products'] as const,
  orderDetails: (sessionId: string) => [...shopKeys.all, 'order-details', sessionId] as const,
};
