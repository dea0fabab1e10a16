// Tables of the insolvency area (backoffice.md); filled in by the area's issue.
export {};
