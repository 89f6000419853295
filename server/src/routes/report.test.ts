// The report calls (issue 7): the logo (one png, jpeg or svg by content, at most 15,000,000 bytes, an svg sanitised)
// and the report settings per client or family (the six sections, portfolios of the caller's menu).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signIn } from '../identity/test-sign-in.ts';
import { type Harness, startHarness } from '../testing/harness.ts';

const API = '/api/v1';
const LOGO = `${API}/user/logo-report`;
const SETTINGS = `${API}/user/settings-report`;
const ALL_SECTIONS = ['overview', 'financial', 'fees', 'realEstate', 'shares', 'artLux'];

/** A 1x1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
/** The start of a JFIF file: the JPEG magic FF D8 FF and an APP0 segment. */
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
/** A Windows executable's header (MZ), as a renamed "logo.png" would send it. */
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(120)]);
const HOSTILE_SVG = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="300" height="150" onload="alert('load')">
  <script>alert('script')</script>
  <defs><linearGradient id="brand"><stop offset="0" stop-color="#0a7"/></linearGradient></defs>
  <rect width="300" height="150" fill="url(#brand)" onclick="steal()"/>
  <image href="https://tracker.example/pixel.png" width="1" height="1"/>
  <image xlink:href="http://tracker.example/x.png" width="1" height="1"/>
  <circle r="5" style="fill: url(https://tracker.example/f.svg#p)"/>
  <foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>
  <a href="javascript:alert(1)"><text x="10" y="40">Studio Bianchi &amp; Figli</text></a>
</svg>`;

const dataUrl = (mediaType: string, bytes: Buffer) => `data:${mediaType};base64,${bytes.toString('base64')}`;

let h: Harness;
let proId: number;
let rossi: number;
let ferrari: number;
let family: number;
let ptfA: number;
let ptfB: number;
let ptfNoDates: number;
let ptfTesting: number;
let ptfFerrari: number;

/** The binary answer of GET /user/logo-report (the harness reads answers as text). */
async function fetchLogo(login: 'pro' | 'delegate' | 'client') {
  const { accessToken } = await signIn(h.t.url, login, 'patrimonio');
  const res = await h.t.app.inject({ method: 'GET', url: LOGO, headers: { authorization: `Bearer ${accessToken}` } });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload };
}

const storedLogo = async (userId: number) =>
  (
    await h.one<{ logo_stream: string } | undefined>('select logo_stream from report_logos where user_id = $1', [
      userId,
    ])
  )?.logo_stream;
const auditCount = async () => (await h.one<{ n: number }>('select count(*)::int as n from audit_log')).n;

beforeAll(async () => {
  h = await startHarness({ withoutDemoHoldings: true });
  proId = Number((await h.one<{ id: number }>("select id from users where login = 'pro'")).id);
  rossi = Number((await h.one<{ id: number }>("select id from clients where tax_code = 'RSSMRA80A01H501U'")).id);
  ferrari = Number((await h.one<{ id: number }>("select id from clients where tax_code = 'FRRGNN58T10D612I'")).id);
  family = Number(
    (
      await h.one<{ id: number }>(
        "insert into families (name, created_by) values ('Famiglia Report', $1) returning id",
        [proId],
      )
    ).id,
  );
  await h.one('insert into family_members (family_id, client_id, weight) values ($1, $2, 1)', [family, rossi]);
  const portfolio = async (clientId: number, name: string, testing: boolean, dated: boolean) =>
    Number(
      (
        await h.one<{ id: number }>(
          `insert into portfolios (client_id, name, testing, first_movement_date, last_quantity_check_ok_date)
           values ($1, $2, $3, $4, $5) returning id`,
          [clientId, name, testing, dated ? '2022-03-01' : null, dated ? '2024-12-31' : null],
        )
      ).id,
    );
  ptfA = await portfolio(rossi, 'A Bilanciato', false, true);
  ptfB = await portfolio(rossi, 'B Azionario', false, true);
  ptfNoDates = await portfolio(rossi, 'C Nuovo', false, false);
  ptfTesting = await portfolio(rossi, 'D Prova', true, true);
  ptfFerrari = await portfolio(ferrari, 'Ferrari', false, true);
});
afterAll(async () => {
  await h?.t.close();
});

describe('POST and GET /user/logo-report', () => {
  test('without a logo GET answers 404', async () => {
    await h.t.app.db.query('delete from report_logos');
    expect((await fetchLogo('pro')).status).toBe(404);
  });

  test('a png is stored as sniffed and answered as a binary with its filename', async () => {
    const before = await auditCount();
    const r = await h.call('pro', 'POST', LOGO, { logoStream: dataUrl('image/png', PNG) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ type: 'png', mediaType: 'image/png', bytes: PNG.length });
    expect(await storedLogo(proId)).toBe(dataUrl('image/png', PNG));
    expect(await auditCount()).toBe(before + 1);

    const got = await fetchLogo('pro');
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['content-disposition']).toBe('inline; filename="logo.png"');
    expect(Buffer.compare(got.bytes, PNG)).toBe(0);
  });

  test("a DELEGATE and the BASIC user read their PRO's logo (Mario Rossi is pro's client)", async () => {
    for (const login of ['delegate', 'client'] as const) {
      const got = await fetchLogo(login);
      expect(got.status, login).toBe(200);
      expect(Buffer.compare(got.bytes, PNG), login).toBe(0);
    }
  });

  test('the media type stored is the one read from the content, not the one claimed', async () => {
    const r = await h.call('pro', 'POST', LOGO, { logoStream: dataUrl('image/png', JPEG) });
    expect(r.body).toEqual({ type: 'jpg', mediaType: 'image/jpeg', bytes: JPEG.length });
    expect(await storedLogo(proId)).toBe(dataUrl('image/jpeg', JPEG));
    expect((await fetchLogo('pro')).headers['content-disposition']).toBe('inline; filename="logo.jpg"');
  });

  test('an svg is stored without scripts, event handlers or external references', async () => {
    const r = await h.call('pro', 'POST', LOGO, { logoStream: dataUrl('image/svg+xml', Buffer.from(HOSTILE_SVG)) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.type).toBe('svg');
    const stored = (await storedLogo(proId))!;
    expect(stored.startsWith('data:image/svg+xml;base64,')).toBe(true);
    const svg = Buffer.from(stored.slice(stored.indexOf(',') + 1), 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    for (const gone of ['<script', 'alert(', 'onload', 'onclick', 'tracker.example', 'javascript:', 'foreignObject'])
      expect(svg, gone).not.toContain(gone);
    // What makes the logo stays: the shapes, the local gradient and the text.
    expect(svg).toContain('fill="url(#brand)"');
    expect(svg).toContain('<linearGradient id="brand"');
    expect(svg).toContain('Studio Bianchi &amp; Figli');
    const got = await fetchLogo('pro');
    expect(got.headers['content-type']).toBe('image/svg+xml');
    expect(got.headers['content-disposition']).toBe('inline; filename="logo.svg"');
    expect(got.bytes.toString('utf8')).toBe(svg);
  });

  test('refusals store nothing: 15,000,001 bytes, two files, a renamed executable, text that is not an svg', async () => {
    await h.call('pro', 'POST', LOGO, { logoStream: dataUrl('image/png', PNG) });
    const before = await auditCount();
    const tooLarge = Buffer.concat([PNG, Buffer.alloc(15_000_001 - PNG.length)]);
    const cases: [unknown, number, string][] = [
      [dataUrl('image/png', tooLarge), 413, 'file_too_large'],
      // Beyond the body limit of the route (refused before the JSON is read): the same answer.
      [`data:image/png;base64,${'A'.repeat(21_000_000)}`, 413, 'file_too_large'],
      [[dataUrl('image/png', PNG), dataUrl('image/png', PNG)], 400, 'too_many_files'],
      [`${dataUrl('image/png', PNG)},${dataUrl('image/png', PNG)}`, 400, 'too_many_files'],
      [dataUrl('image/png', EXE), 400, 'bad_file_generic'],
      [dataUrl('application/x-msdownload', EXE), 400, 'bad_file_generic'],
      [dataUrl('image/svg+xml', Buffer.from('<svg><g></svg>')), 400, 'bad_file_generic'],
      [dataUrl('image/svg+xml', Buffer.from('<html><body>not an svg</body></html>')), 400, 'bad_file_generic'],
      ['not a data URL', 400, 'bad_file_generic'],
    ];
    for (const [logoStream, status, code] of cases) {
      const r = await h.call('pro', 'POST', LOGO, { logoStream });
      const label = typeof logoStream === 'string' ? logoStream.slice(0, 40) : 'array';
      expect(r.status, label).toBe(status);
      expect(r.body.code, label).toBe(code);
    }
    expect(await storedLogo(proId)).toBe(dataUrl('image/png', PNG));
    expect(await auditCount()).toBe(before);
  });

  test('exactly 15,000,000 bytes is accepted', async () => {
    const largest = Buffer.concat([PNG, Buffer.alloc(15_000_000 - PNG.length)]);
    const r = await h.call('pro', 'POST', LOGO, { logoStream: dataUrl('image/png', largest) });
    expect(r.status, JSON.stringify(r.body).slice(0, 200)).toBe(200);
    expect(r.body.bytes).toBe(15_000_000);
  });

  test('only a PRO uploads; ADMIN and BACK_OFFICE, who download no report, read no logo', async () => {
    for (const login of ['delegate', 'client', 'admin', 'backoffice'] as const) {
      const r = await h.call(login, 'POST', LOGO, { logoStream: dataUrl('image/png', PNG) });
      expect(r.status, login).toBe(403);
    }
    for (const login of ['admin', 'backoffice'] as const) expect((await h.call(login, 'GET', LOGO)).status).toBe(403);
    expect((await h.call(null, 'GET', LOGO)).status).toBe(401);
  });
});

describe('GET and POST /user/settings-report', () => {
  const url = (query: string) => `${SETTINGS}?${query}`;

  test('nothing saved: every section and every portfolio the report offers (not testing, with both dates)', async () => {
    const r = await h.call('pro', 'GET', url(`clientId=${rossi}`));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ sections: ALL_SECTIONS, portfolios: [ptfA, ptfB] });
    // Staff see testing portfolios, but the report does not offer them by default.
    expect((await h.call('admin', 'GET', url(`clientId=${rossi}`))).body.portfolios).toEqual([ptfA, ptfB]);
  });

  test('a round trip: saved, audited, read back', async () => {
    const before = await auditCount();
    const body = { sections: ['financial', 'overview', 'fees'], portfolios: [ptfB] };
    const saved = await h.call('pro', 'POST', url(`clientId=${rossi}`), body);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({ sections: ['overview', 'financial', 'fees'], portfolios: [ptfB] });
    expect(await auditCount()).toBe(before + 1);
    expect((await h.call('delegate', 'GET', url(`clientId=${rossi}`))).body).toEqual(saved.body);
    // Saved again (a DELEGATE works for pro): one row per client, updated.
    const again = await h.call('delegate', 'POST', url(`clientId=${rossi}`), { sections: [], portfolios: [] });
    expect(again.body).toEqual({ sections: [], portfolios: [] });
    const rows = await h.one<{ n: number }>('select count(*)::int as n from report_settings where client_id = $1', [
      rossi,
    ]);
    expect(rows.n).toBe(1);
    expect((await h.call('pro', 'GET', url(`clientId=${rossi}`))).body).toEqual({ sections: [], portfolios: [] });
  });

  test('bad sections, portfolios outside the menu, both owners: 400 and nothing saved', async () => {
    await h.call('pro', 'POST', url(`clientId=${rossi}`), { sections: ['overview'], portfolios: [ptfA] });
    const before = await auditCount();
    const refused: [string, unknown, string][] = [
      [url(`clientId=${rossi}`), { sections: ['overview', 'goals'], portfolios: [] }, 'body.sections.1'],
      [url(`clientId=${rossi}`), { sections: ['overview'], portfolios: [ptfFerrari] }, 'body.portfolios'],
      [url(`clientId=${rossi}`), { sections: ['overview'], portfolios: [ptfTesting] }, 'body.portfolios'],
      [url(`clientId=${rossi}`), { sections: ['fees'], portfolios: [ptfA] }, 'body.sections'],
      [url(`clientId=${rossi}`), { sections: ['financial', 'fees'], portfolios: [] }, 'body.sections'],
      [url(`clientId=${rossi}&familyId=${family}`), { sections: [], portfolios: [] }, 'querystring.familyId'],
      [SETTINGS, { sections: [], portfolios: [] }, 'querystring.clientId'],
    ];
    for (const [to, body, field] of refused) {
      const r = await h.call('pro', 'POST', to, body);
      expect(r.status, field).toBe(400);
      expect(
        r.body.fields.map((f: { field: string }) => f.field),
        JSON.stringify(body),
      ).toContain(field);
    }
    expect(await auditCount()).toBe(before);
    expect((await h.call('pro', 'GET', url(`clientId=${rossi}`))).body).toEqual({
      sections: ['overview'],
      portfolios: [ptfA],
    });
  });

  test('a testing portfolio may be chosen by those who see it; the menu decides what is read back', async () => {
    const body = { sections: ['financial'], portfolios: [ptfA, ptfTesting, ptfNoDates] };
    expect((await h.call('admin', 'POST', url(`clientId=${rossi}`), body)).status).toBe(200);
    expect((await h.call('admin', 'GET', url(`clientId=${rossi}`))).body.portfolios).toEqual([
      ptfA,
      ptfTesting,
      ptfNoDates,
    ]);
    // pro's menu has no testing portfolio: it is filtered out of what pro reads.
    expect((await h.call('pro', 'GET', url(`clientId=${rossi}`))).body.portfolios).toEqual([ptfA, ptfNoDates]);
    // A deleted portfolio disappears.
    await h.t.app.db.query('delete from portfolios where id = $1', [ptfNoDates]);
    expect((await h.call('pro', 'GET', url(`clientId=${rossi}`))).body.portfolios).toEqual([ptfA]);
  });

  test("family mode: the members' portfolios, saved per family", async () => {
    const familyUrl = url(`familyId=${family}`);
    expect((await h.call('pro', 'GET', familyUrl)).body).toEqual({ sections: ALL_SECTIONS, portfolios: [ptfA, ptfB] });
    const r = await h.call('pro', 'POST', familyUrl, { sections: ['overview', 'realEstate'], portfolios: [ptfB] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await h.call('delegate', 'GET', familyUrl)).body).toEqual({
      sections: ['overview', 'realEstate'],
      portfolios: [ptfB],
    });
    expect(
      (await h.one<{ family_id: number }>('select family_id from report_settings where family_id = $1', [family]))
        .family_id,
    ).toBe(family);
    // Ferrari is no member: his portfolio is not in the family's menu.
    expect((await h.call('pro', 'POST', familyUrl, { sections: [], portfolios: [ptfFerrari] })).status).toBe(400);
  });

  test('role refusals: BASIC keeps its options locally (403); another tenant answers 404', async () => {
    expect((await h.call('client', 'GET', SETTINGS)).status).toBe(403);
    expect((await h.call('client', 'POST', SETTINGS, { sections: [], portfolios: [] })).status).toBe(403);
    expect((await h.call('pro2', 'GET', url(`clientId=${rossi}`))).status).toBe(404);
    expect((await h.call('pro2', 'GET', url(`familyId=${family}`))).status).toBe(404);
    expect((await h.call('pro2', 'POST', url(`clientId=${rossi}`), { sections: [], portfolios: [] })).status).toBe(404);
    expect((await h.call(null, 'GET', url(`clientId=${rossi}`))).status).toBe(401);
  });
});
