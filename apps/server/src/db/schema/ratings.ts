// Tables of the ratings area (backoffice.md); filled in by the area's issue.
export {};
