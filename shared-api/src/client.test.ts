// The typed client's three paths, against a recording fetch: JSON calls, multipart uploads on the routes the
// contract marks multipart, and file downloads; each with the bearer token, a failure thrown as an ApiError.
import { describe, expect, test } from 'vitest';
import { ApiError, createApiClient } from './client.ts';

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
