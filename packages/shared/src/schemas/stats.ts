// Request and answer schemas of the stats area; filled in by the area's issue.
export {};
