// Request and answer schemas of the rksv-orders area; filled in by the area's issue.
export {};
