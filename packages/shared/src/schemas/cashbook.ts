// Request and answer schemas of the cashbook area; filled in by the area's issue.
export {};
