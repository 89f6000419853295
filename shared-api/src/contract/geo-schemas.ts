// Schemas and types of ./geo.ts.
export {};
