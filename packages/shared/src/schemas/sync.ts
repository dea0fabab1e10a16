// Request and answer schemas of the sync area; filled in by the area's issue.
export {};
