import { randomBytes } from 'node:crypto';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, formatDateTime, formatMoney } from '@portal/shared';
import type { LocalSession } from './local.js';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface LocalPage {
  html: string;
  /** The page's Content-Security-Policy: nothing but its own style and forms to this origin. */
  csp: string;
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",Arial,sans-serif;background:#f1f3f5;color:#212529}
main{max-width:480px;margin:0 auto;padding:16px}
.card{background:#fff;border:1px solid #dee2e6;border-radius:12px;padding:20px;margin-bottom:16px}
h1{font-size:1.35rem;margin:0 0 4px}
.muted{color:#495057;font-size:.875rem;margin:0}
.note{background:#e7f5ff;border:1px solid #a5d8ff;border-radius:8px;padding:10px 12px;font-size:.875rem;margin:12px 0 0}
.err{background:#fff5f5;border:1px solid #ffa8a8;color:#c92a2a;border-radius:8px;padding:10px 12px;margin:0 0 12px}
table{width:100%;border-collapse:collapse;margin:12px 0 0}
td{padding:6px 0;vertical-align:top}
td.r{text-align:right;white-space:nowrap;padding-left:12px}
tr.total td{border-top:1px solid #dee2e6;font-weight:700;padding-top:10px}
fieldset{border:0;padding:0;margin:0}
legend{font-weight:600;margin-bottom:8px}
label.m{display:flex;align-items:center;gap:12px;border:1px solid #ced4da;border-radius:8px;padding:14px;margin-bottom:8px;cursor:pointer;min-height:52px}
label.m:has(input:checked){border-color:#1864ab;background:#e7f5ff}
input[type=radio]{width:20px;height:20px;margin:0}
button{display:block;width:100%;min-height:48px;border-radius:8px;font-size:1rem;font-weight:600;cursor:pointer;margin-top:12px}
.pay{background:#1864ab;color:#fff;border:0}
.cancel{background:#fff;color:#495057;border:1px solid #ced4da}
button:disabled{opacity:.65;cursor:progress}
.test{background:#fff3bf;border:2px solid #f08c00;color:#5c3c00;border-radius:8px;padding:10px 12px;margin:0 0 16px;font-weight:700;text-align:center}
a.btn{display:block;text-align:center;min-height:48px;line-height:48px;border-radius:8px;background:#1864ab;color:#fff;text-decoration:none;font-weight:600;margin-top:12px}
`;

/** On every screen of the test checkout, so nobody takes it for a real payment. */
export const TEST_BANNER = 'Testzahlung – es wird kein Geld bewegt';

/**
 * The checkout's one script: once a form is sent, its buttons are disabled and the pressed one says so
 * (a double click sends one request; the server also answers a repeated payment with the success page).
 */
const SEND_ONCE = `document.querySelectorAll('form').forEach(function(f){f.addEventListener('submit',function(e){
if(f.dataset.sent){e.preventDefault();return}f.dataset.sent='1';f.setAttribute('aria-busy','true');
var b=e.submitter;setTimeout(function(){f.querySelectorAll('button').forEach(function(x){x.disabled=true});
if(b&&b.dataset.busy)b.textContent=b.dataset.busy},0)})})`;

function page(title: string, body: string, formOrigin: string): LocalPage {
  const nonce = randomBytes(16).toString('base64');
  return {
    html: `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<main>
<p class="test" role="note" data-testid="test-payment-banner">${TEST_BANNER}</p>
${body}
</main>
<script nonce="${nonce}">${SEND_ONCE}</script>
</body>
</html>`,
    csp: `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; form-action 'self' ${formOrigin}; base-uri 'none'; frame-ancestors 'none'`,
  };
}

function summary(s: LocalSession): string {
  const rows = s.line_items
    .map(
      (l) =>
        `<tr><td>${l.quantity} × ${esc(l.name)}</td><td class="r">${esc(formatMoney(l.unit_amount * l.quantity))}</td></tr>`,
    )
    .join('');
  return `<table>${rows}<tr class="total"><td>Gesamtbetrag (inkl. 20 % USt)</td><td class="r" data-testid="checkout-total">${esc(
    formatMoney(s.amount_total),
  )}</td></tr></table>`;
}

const header = (s: LocalSession) => `<h1>Testzahlung</h1>
<p class="muted">Bestellung ${esc(s.client_reference_id)} · ${esc(s.customer_email)}</p>`;

/** The open session: pick a method, then `Jetzt bezahlen` or `Zahlung abbrechen`. */
export function renderCheckoutPage(
  s: LocalSession,
  opts: { actionBase: string; formOrigin: string; error?: string; method?: string },
): LocalPage {
  const chosen = opts.method ?? 'card';
  const methods = PAYMENT_METHODS.map(
    (m) =>
      `<label class="m"><input type="radio" name="method" value="${m}"${m === chosen ? ' checked' : ''}> ${esc(
        PAYMENT_METHOD_LABELS[m],
      )}</label>`,
  ).join('');
  return page(
    'Testzahlung – Zahlung abschließen',
    `<div class="card">${header(s)}${summary(s)}
<p class="note">Testmodus: Es wird keine echte Zahlung ausgeführt. Es werden keine Kartendaten eingegeben oder gespeichert. Gültig bis ${esc(
      formatDateTime(s.expires_at),
    )}.</p></div>
<form class="card" method="post" action="${esc(opts.actionBase)}/pay">
${opts.error ? `<p class="err" role="alert">${esc(opts.error)}</p>` : ''}
<fieldset><legend>Zahlungsart</legend>${methods}</fieldset>
<button class="pay" type="submit" data-busy="Zahlung läuft …">Jetzt bezahlen</button>
<button class="cancel" type="submit" formaction="${esc(opts.actionBase)}/cancel" formnovalidate data-busy="Wird abgebrochen …">Zahlung abbrechen</button>
</form>`,
    opts.formOrigin,
  );
}

/** A session that can no longer be paid: paid already, or expired. */
export function renderClosedPage(s: LocalSession, opts: { formOrigin: string; continueUrl: string }): LocalPage {
  const paid = s.payment_status === 'paid';
  return page(
    'Testzahlung',
    `<div class="card">${header(s)}${summary(s)}
<p class="note" role="status">${
      paid
        ? 'Diese Zahlung wurde bereits abgeschlossen.'
        : 'Diese Zahlungssitzung ist abgelaufen. Bitte bestellen Sie erneut.'
    }</p>
<a class="btn" href="${esc(opts.continueUrl)}">Weiter</a></div>`,
    opts.formOrigin,
  );
}

export function renderNotFoundPage(formOrigin: string): LocalPage {
  return page(
    'Testzahlung',
    `<div class="card"><h1>Zahlungssitzung nicht gefunden</h1><p class="muted">Der Link ist ungültig.</p><a class="btn" href="/rksv">Zur Bestellseite</a></div>`,
    formOrigin,
  );
}
