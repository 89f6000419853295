export * from './client.ts';
export * from './routes.ts';
export * from './schemas.ts';
