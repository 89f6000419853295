// Route tests call the real app as a signed-in demo role: one helper for the request and its JSON or text answer.
import type { TestApp } from './test-app.ts';

export const DEMO_LOGINS = ['admin', 'backoffice', 'pro', 'pro2', 'delegate', 'delegate2', 'client'] as const;
export type DemoLogin = (typeof DEMO_LOGINS)[number];

/** Injects a request with the login's bearer token (none for null); JSON answers are parsed, text kept. */
export async function callApi(
  t: TestApp,
  tokens: Map<string, string>,
  login: string | null,
  method: string,
  url: string,
  body?: unknown,
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by the assertions
): Promise<{ status: number; body: any }> {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: {
      ...(login ? { authorization: `Bearer ${tokens.get(login)}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = String(res.headers['content-type'] ?? '').includes('json');
  return { status: res.statusCode, body: res.body && json ? JSON.parse(res.body) : res.body };
}
