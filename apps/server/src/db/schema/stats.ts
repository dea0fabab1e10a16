// Tables of the stats area (backoffice.md); filled in by the area's issue.
export {};
