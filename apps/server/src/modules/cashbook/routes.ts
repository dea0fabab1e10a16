import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CASHBOOK_MSG } from '@portal/shared';
import { cashbookCalls as calls } from '@portal/shared/contracts';
import type { AppContext } from '../../platform/context.js';
import { HttpError } from '../../platform/errors.js';
import { fileReply, serve } from '../../platform/serve.js';
import { auditPackage } from './audit-package.js';
import { createCategory, listCategories } from './categories.js';
import { createClosing, listClosings, previewClosing } from './closings.js';
import { customerByNumber } from './customers.js';
import { exportCsv } from './export-csv.js';
import { balance, overview, summary } from './figures.js';
import { getTransaction, listTransactions } from './queries.js';
import { monthReportPdf } from './report-pdf.js';
import { getSettings, saveSettings } from './settings.js';
import { createTransaction, reverseTransaction } from './transactions.js';
import { verify } from './verify.js';

/** Entries are never changed or deleted (§131 BAO): the methods that would exist only say so. */
const refuse = () => {
  throw new HttpError(405, CASHBOOK_MSG.methodNotAllowed);
};

/**
 * The cashbook's calls (declared in packages/shared/src/contracts/cashbook.ts), each served by its
 * service function; the worked example of ARCHITECTURE.md.
 */
export const cashbookRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  serve(app, ctx, calls.listCashbookTransactions, listTransactions);
  serve(app, ctx, calls.listCashbookTransactionsOfPeriod, listTransactions);
  serve(app, ctx, calls.createCashbookTransaction, createTransaction);
  serve(app, ctx, calls.getCashbookTransaction, getTransaction);
  serve(app, ctx, calls.reverseCashbookTransaction, reverseTransaction);
  for (const refused of [
    calls.putCashbookTransactions,
    calls.patchCashbookTransactions,
    calls.deleteCashbookTransactions,
    calls.putCashbookTransaction,
    calls.patchCashbookTransaction,
    calls.deleteCashbookTransaction,
  ])
    serve(app, ctx, refused, refuse);
  serve(app, ctx, calls.getCashbookSummary, summary);
  serve(app, ctx, calls.getCashbookBalance, balance);
  serve(app, ctx, calls.getCashbookOverview, overview);
  serve(app, ctx, calls.verifyCashbook, verify);

  serve(app, ctx, calls.listCashbookCategories, listCategories);
  serve(app, ctx, calls.createCashbookCategory, createCategory);
  serve(app, ctx, calls.getCashbookSettings, getSettings);
  serve(app, ctx, calls.updateCashbookSettings, saveSettings);
  serve(app, ctx, calls.getCashbookCustomer, customerByNumber);
  serve(app, ctx, calls.exportCashbookCsv, (c, viewer, input) =>
    fileReply(exportCsv(c, viewer, input), 'text/csv; charset=utf-8', {
      name: `kassenbuch_${input.start_date}_${input.end_date}.csv`,
    }),
  );
  serve(app, ctx, calls.getCashbookAuditPackage, async (c, viewer, input) => {
    const { zip, name } = await auditPackage(c, viewer, input);
    return fileReply(Buffer.from(zip), 'application/zip', { name });
  });
  serve(app, ctx, calls.getCashbookMonthReport, async (c, viewer, input) =>
    fileReply(await monthReportPdf(c, viewer, input), 'application/pdf', { name: `kassenbericht_${input.month}.pdf` }),
  );

  serve(app, ctx, calls.listCashbookMonthlyClosings, listClosings);
  serve(app, ctx, calls.previewCashbookMonthlyClosing, previewClosing);
  serve(app, ctx, calls.closeCashbookMonth, createClosing);
};
