// Schemas and types of ./shares-lux.ts.
export {};
