import { sql, type SQL } from 'drizzle-orm';

/**
 * The back office's accent- and case-insensitive search (unaccent() is not immutable and PGlite lacks
 * it): lower case, ß as ss, accented Latin letters as their base letter. Applied to the stored search
 * column and to the typed query alike (the RKSV order list, the task board's search and company filter).
 */
export const SEARCH_FROM = 'ÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖòóôõöÙÚÛÜùúûüÇçÑñŠšŽžČčĆćÝýÿ';
export const SEARCH_TO = 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnSsZzCcCcYyy';
export const normalisedSearch = (text: SQL) =>
  sql`lower(translate(replace(replace(${text}, 'ß', 'ss'), 'ẞ', 'SS'), '${sql.raw(SEARCH_FROM)}', '${sql.raw(SEARCH_TO)}'))`;
