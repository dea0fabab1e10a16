// Request and answer schemas of the insolvency area; filled in by the area's issue.
export {};
