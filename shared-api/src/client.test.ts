// The typed client's three paths, against a recording fetch: JSON calls, multipart uploads on the routes the
// contract marks multipart, and file downloads; each with the bearer token, a failure thrown as an ApiError; a busy
// server's 503 with Retry-After asked again after the seconds it names, a bounded number of times.
import { describe, expect, test, vi } from 'vitest';
import { ApiError, BUSY_RETRIES, createApiClient, retryAfterSeconds } from './client.ts';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

function recording(answer: () => Response) {
  const sent: Sent[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    sent.push({ url, method: String(init.method), headers: init.headers as Record<string, string>, body: init.body });
    return answer();
  }) as typeof globalThis.fetch;
  return { sent, api: createApiClient({ baseUrl: 'http://api', getAccessToken: () => 'tok', fetch }) };
}
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('api.upload', () => {
  test("sends the route's URL a multipart form: the non-empty text fields and the file, with the token", async () => {
    const { sent, api } = recording(() => json(200, []));
    const file = new File(['date;amount\n'], 'movimenti.csv', { type: 'text/csv' });
    const rows = await api.upload('uploadMovements', { file, fields: { accountId: 7, offsetAccountId: '' } });
    expect(rows).toEqual([]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ url: 'http://api/api/v1/movement/upload', method: 'POST' });
    expect(sent[0]!.headers).toEqual({ accept: 'application/json', authorization: 'Bearer tok' });
    const form = sent[0]!.body as FormData;
    expect([...form.keys()]).toEqual(['accountId', 'file']);
    expect(form.get('accountId')).toBe('7');
    expect((form.get('file') as File).name).toBe('movimenti.csv');
  });

  test('uploadAnswer: the rows stored as the header X-Stored-Rows says, null without it', async () => {
    const answer = (headers: Record<string, string>) =>
      new Response('[]', { status: 200, headers: { 'content-type': 'application/json', ...headers } });
    const file = new File(['date;amount\n'], 'movimenti.csv', { type: 'text/csv' });
    const counted = recording(() => answer({ 'x-stored-rows': '12' }));
    expect(await counted.api.uploadAnswer('uploadMovements', { file, fields: { accountId: 7 } })).toEqual({
      data: [],
      storedRows: 12,
    });
    const silent = recording(() => answer({}));
    expect(await silent.api.uploadAnswer('uploadMovements', { file })).toEqual({ data: [], storedRows: null });
    const odd = recording(() => answer({ 'x-stored-rows': 'many' }));
    expect((await odd.api.uploadAnswer('uploadMovements', { file })).storedRows).toBeNull();
  });

  test('a refused file is an ApiError with the answer', async () => {
    const { api } = recording(() => json(400, { statusCode: 400, code: 'missingColumns' }));
    const file = new File(['x'], 'prezzi.csv');
    const error = await api.upload('uploadPrices', { file }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, body: { code: 'missingColumns' } });
  });
});

describe('api.download', () => {
  test('answers the bytes, the media type and the file name of Content-Disposition', async () => {
    const { sent, api } = recording(
      () =>
        new Response(new Uint8Array([137, 80, 78, 71]), {
          headers: { 'content-type': 'image/png', 'content-disposition': 'inline; filename="logo.png"' },
        }),
    );
    const file = await api.download('getReportLogo');
    expect(sent[0]).toMatchObject({ url: 'http://api/api/v1/user/logo-report', method: 'GET' });
    expect(sent[0]!.headers.authorization).toBe('Bearer tok');
    expect(file).toEqual({ bytes: new Uint8Array([137, 80, 78, 71]), contentType: 'image/png', fileName: 'logo.png' });
  });

  test('a 404 is an ApiError', async () => {
    const { api } = recording(() => json(404, { statusCode: 404, message: 'Not found' }));
    await expect(api.download('getReportLogo')).rejects.toMatchObject({ status: 404 });
  });
});

describe('api (JSON)', () => {
  test('sends the normalised JSON body and parses the answer', async () => {
    const { sent, api } = recording(() => json(200, { id: 1 }));
    await api('createFamily', { body: { name: 'Rossi', note: '' } as never });
    expect(sent[0]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(String(sent[0]!.body))).toEqual({ name: 'Rossi', note: null });
  });
});

describe('a busy server (503 with Retry-After)', () => {
  const busy = (seconds: string) =>
    new Response(JSON.stringify({ statusCode: 503, code: 'BUSY' }), {
      status: 503,
      headers: { 'content-type': 'application/json', 'retry-after': seconds },
    });
  /** Answers the given responses in turn, the last one again once they run out. */
  const inTurn = (...answers: Array<() => Response>) => {
    let i = 0;
    return () => answers[Math.min(i++, answers.length - 1)]!();
  };

  test('a read is asked again after the seconds named, then answers', async () => {
    vi.useFakeTimers();
    try {
      const { sent, api } = recording(
        inTurn(
          () => busy('2'),
          () => json(200, { version: '1' }),
        ),
      );
      const answer = api('liveVersion');
      await vi.advanceTimersByTimeAsync(1999);
      expect(sent).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(await answer).toEqual({ version: '1' });
      expect(sent).toHaveLength(2);
      expect(sent[1]!.headers.authorization).toBe('Bearer tok');
    } finally {
      vi.useRealTimers();
    }
  });

  test(`at most ${BUSY_RETRIES} times: then the 503 is thrown, with its Retry-After`, async () => {
    const { sent, api } = recording(() => busy('0'));
    const error = await api('liveVersion').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, retryAfter: 0, body: { code: 'BUSY' } });
    expect(sent).toHaveLength(1 + BUSY_RETRIES);
  });

  test('a write, or a 503 without Retry-After, is not asked again', async () => {
    const write = recording(() => busy('0'));
    await expect(write.api('createFamily', { body: { name: 'Rossi' } as never })).rejects.toMatchObject({
      status: 503,
    });
    expect(write.sent).toHaveLength(1);
    const plain = recording(() => json(503, { statusCode: 503 }));
    await expect(plain.api('liveVersion')).rejects.toMatchObject({ status: 503, retryAfter: null });
    expect(plain.sent).toHaveLength(1);
  });

  test('cancelling while it waits stops the call', async () => {
    const controller = new AbortController();
    const sent: string[] = [];
    const fetch = (async (url: string) => {
      sent.push(url);
      return busy('30');
    }) as typeof globalThis.fetch;
    const api = createApiClient({ getAccessToken: () => 'tok', fetch, signal: controller.signal });
    const answer = api('liveVersion');
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    controller.abort(new Error('cancelled'));
    await expect(answer).rejects.toThrow('cancelled');
    expect(sent).toHaveLength(1);
  });

  test('Retry-After: seconds or an HTTP date; anything else is none', () => {
    const now = Date.parse('2026-11-24T10:00:00Z');
    expect(retryAfterSeconds('5', now)).toBe(5);
    expect(retryAfterSeconds('Tue, 24 Nov 2026 10:00:12 GMT', now)).toBe(12);
    expect(retryAfterSeconds('Tue, 24 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterSeconds(null, now)).toBeNull();
    expect(retryAfterSeconds('soon', now)).toBeNull();
  });
});

describe('admin calls (spec: sent to a separate base host)', () => {
  test('routes marked adminHost go to the admin base when one is configured, the others to the base; none: the base', async () => {
    const sent: string[] = [];
    const fetch = (async (url: string) => {
      sent.push(url);
      return json(200, []);
    }) as typeof globalThis.fetch;
    let adminBase: string | undefined = 'https://admin.example';
    const api = createApiClient({
      baseUrl: 'http://api',
      getAccessToken: () => 'tok',
      fetch,
      adminBaseUrl: () => adminBase,
    });
    await api('listRuns', { query: { status: 'TO_MAP' } });
    await api('checkServer', { params: { id: 3 } });
    await api('listStocks', { query: {} });
    adminBase = '';
    await api('listRuns', { query: {} });
    expect(sent).toEqual([
      'https://admin.example/api/v1/log-imported?status=TO_MAP',
      'https://admin.example/api/v1/external-server/3/check',
      'http://api/api/v1/stock',
      'http://api/api/v1/log-imported',
    ]);
  });
});
