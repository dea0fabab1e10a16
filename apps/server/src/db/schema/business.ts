// Tables of the business dashboard (documents, branches, news); filled in by issue 21.
export {};
