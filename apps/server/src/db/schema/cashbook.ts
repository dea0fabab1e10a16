// Tables of the cashbook area (backoffice.md); filled in by the area's issue.
export {};
