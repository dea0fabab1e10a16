// Tables of the sync area (backoffice.md); filled in by the area's issue.
export {};
