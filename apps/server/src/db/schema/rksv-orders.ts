// Tables of the rksv-orders area (backoffice.md); filled in by the area's issue.
export {};
