// Request and answer schemas of the business dashboard (/api/business); filled in by issue 21.
export {};
