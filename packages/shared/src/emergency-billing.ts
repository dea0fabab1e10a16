import { EMERGENCY_PRICE_CENTS_PER_HOUR } from './constants.js';
import { VAT_RATE_PERCENT } from './shop-rules.js';

/**
 * Emergency support is billed per started hour (portal.md: 150 EUR per started hour excl. VAT). The
 * recorded time counts in minutes, a started minute as a whole one; the hours are the minutes ÷ 60
 * rounded up, so 60 minutes are one hour and 61 two.
 */

/** The minutes of a span of milliseconds: a started minute counts. */
export const minutesOfSpan = (ms: number): number => Math.max(0, Math.ceil(ms / 60_000));

/** The billed hours of a total in minutes: every started hour. */
export const billedHours = (totalMinutes: number): number => Math.max(0, Math.ceil(totalMinutes / 60));

export interface EmergencyAmounts {
  hours: number;
  /** Cents. */
  net: number;
  vat: number;
  gross: number;
}

/** What an emergency task's recorded time costs: hours × 150 EUR net, plus 20 % VAT (integer cents). */
export function emergencyAmounts(totalMinutes: number): EmergencyAmounts {
  const hours = billedHours(totalMinutes);
  const net = hours * EMERGENCY_PRICE_CENTS_PER_HOUR;
  const vat = Math.round((net * VAT_RATE_PERCENT) / 100);
  return { hours, net, vat, gross: net + vat };
}
