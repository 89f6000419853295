// Client registration from an invitation (/register-client?token=...).
import type { FastifyInstance } from 'fastify';

export async function registrationRoutes(_app: FastifyInstance): Promise<void> {}
