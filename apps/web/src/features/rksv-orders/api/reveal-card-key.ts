import { api } from '../../../lib/api';

/** GET /rksv-card-key/{cardId}: the AES key; the server writes the reveal into the order's activity. */
export function revealCardKey(cardId: number) {
  return api<{ cardId: number; aes_key: string }>(`/rksv-card-key/${cardId}`);
}
