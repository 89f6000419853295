// How the command signs in: an access token given in PATRIMONIO_TOKEN, or a service account of the server's embedded
// issuer (OAuth 2 client credentials: server/src/identity/service-accounts.ts), REPORT_CLIENT_ID and
// REPORT_CLIENT_SECRET, by default the demo account of the demo data.

/** The demo service account (server/src/db/demo/service-accounts.ts): demo data only; production sets its own. */
export const DEMO_SERVICE_ACCOUNT = { clientId: 'report-batch', secret: 'patrimonio-report-batch' } as const;

/** Where the embedded issuer is mounted (server/src/identity/provider.ts, MOUNT_PATH). */
const ISSUER_PATH = '/oidc';

/** A failure to report in one line, exit code 1. */
export class CommandError extends Error {
  override name = 'CommandError';
}

export type Environment = Record<string, string | undefined>;

const nonEmpty = (value: string | undefined): string | undefined => (value?.trim() ? value.trim() : undefined);

/** Why a fetch failed, in a few words: the network error's code ('ECONNREFUSED') or its message. */
export function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}

/** RFC 6749 section 2.3.1: the client id and secret are form-encoded before they go into the Basic header. */
const basicAuthorization = (id: string, secret: string): string =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

/** The bearer token for the API: PATRIMONIO_TOKEN, else a client-credentials token from the embedded issuer. */
export async function accessToken(server: string, env: Environment, fetchFn: typeof fetch = fetch): Promise<string> {
  const given = nonEmpty(env.PATRIMONIO_TOKEN);
  if (given) return given;
  const clientId = nonEmpty(env.REPORT_CLIENT_ID) ?? DEMO_SERVICE_ACCOUNT.clientId;
  const secret = nonEmpty(env.REPORT_CLIENT_SECRET) ?? DEMO_SERVICE_ACCOUNT.secret;

  const discoveryUrl = `${server}${ISSUER_PATH}/.well-known/openid-configuration`;
  let tokenEndpoint: string;
  try {
    const res = await fetchFn(discoveryUrl, { headers: { accept: 'application/json' } });
    if (!res.ok) {
      throw new CommandError(
        `no embedded issuer at ${server}${ISSUER_PATH} (HTTP ${res.status}): give an access token in PATRIMONIO_TOKEN`,
      );
    }
    const doc = (await res.json()) as { token_endpoint?: unknown };
    if (typeof doc.token_endpoint !== 'string') throw new CommandError(`${discoveryUrl} names no token_endpoint`);
    tokenEndpoint = doc.token_endpoint;
  } catch (error) {
    if (error instanceof CommandError) throw error;
    throw new CommandError(`cannot reach the server at ${server} (${networkReason(error)})`);
  }

  let res: Response;
  try {
    res = await fetchFn(tokenEndpoint, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basicAuthorization(clientId, secret),
      },
      body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
    });
  } catch (error) {
    throw new CommandError(`cannot reach the token endpoint ${tokenEndpoint} (${networkReason(error)})`);
  }
  const body = (await res.json().catch(() => ({}))) as { access_token?: unknown; error?: unknown };
  if (!res.ok || typeof body.access_token !== 'string') {
    const why = typeof body.error === 'string' ? body.error : `HTTP ${res.status}`;
    throw new CommandError(
      `the issuer refused the service account '${clientId}' (${why}): check REPORT_CLIENT_ID and REPORT_CLIENT_SECRET`,
    );
  }
  return body.access_token;
}
