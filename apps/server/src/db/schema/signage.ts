// Tables of the signage area (backoffice.md); filled in by the area's issue.
export {};
