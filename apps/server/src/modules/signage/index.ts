/** What other areas may use of signage: the business dashboard's proof-of-play months and PDF (issue 33). */
export { playMonths } from './plays.js';
export { playReportPdf } from './play-report-pdf.js';
/** Readers of a screen's last poll write this process's queued heartbeats first (heartbeats.ts). */
export { flushHeartbeats } from './heartbeats.js';
