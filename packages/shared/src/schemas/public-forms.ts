// Schemas and rules of the public request forms (DEP, menu change, company switch, support).
export {};
