// Schemas and price rules of the RKSV signature-unit shop.
export {};
