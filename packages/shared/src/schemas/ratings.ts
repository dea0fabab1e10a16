// Request and answer schemas of the ratings area; filled in by the area's issue.
export {};
