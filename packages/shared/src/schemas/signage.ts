// Request and answer schemas of the signage area; filled in by the area's issue.
export {};
