import { defineMessages } from './define.js';
import { SHOP_MSG } from '../shop-rules.js';
import { COMMON_MSG } from './common.js';

/** The RKSV shop: the order form's field rules (shop-rules.ts) and the server's answers. */
export const SHOP_ERR = defineMessages('shop', {
  unknownProduct: 'Unbekanntes Produkt',
  amountMismatch: 'Der Betrag stimmt nicht mit dem aktuellen Preis überein. Bitte laden Sie die Seite neu.',
  orderNotFound: COMMON_MSG.orderNotFound,
  paidNoDowngrade: 'Die Bestellung ist bereits bezahlt und kann nicht mehr als fehlgeschlagen markiert werden.',
  providerDown: 'Die Zahlung konnte nicht gestartet werden. Bitte versuchen Sie es später erneut.',
  badSignature: 'Ungültige Webhook-Signatur.',
  invoiceNotFound: COMMON_MSG.invoiceNotFound,
  proformaNotFound: 'Proforma-Rechnung nicht gefunden.',
  robot: 'Die automatische Sicherheitsprüfung ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
  /** "Ersatz bestellen": the card to replace is unknown, or not the caller's (a visitor without a session has none). */
  replacedCardUnknown:
    'Die zu ersetzende Signaturkarte wurde nicht gefunden. Bitte bestellen Sie den Ersatz aus Ihrem Kundenbereich.',
});

export const SHOP_MESSAGES = { ...SHOP_MSG, ...SHOP_ERR };
