// What other areas may use of this one: they import it from here, never from its files (eslint.config.js).
export { customerCountryFilter, findInRegister } from './service.js';
export { timelineOf } from './timeline.js';
// GDPR (issue 34): the business dashboard's own export, the scheduled clean-up and retention job, the
// storage folder of the ZIPs (app.ts registers it with the orphan cleaner).
export { GDPR_FOLDER, cleanGdprExports, latestExport, startExport } from './gdpr-jobs.js';
export { anonymiseDue } from './gdpr-retained.js';
