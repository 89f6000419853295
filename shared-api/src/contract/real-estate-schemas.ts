// Schemas and types of ./real-estate.ts.
export {};
