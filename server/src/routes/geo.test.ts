// The address autocomplete: any signed-in role, at least 4 characters, accents and case ignored.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Harness, LOGINS, startHarness } from '../testing/harness.ts';

const URL = '/api/v1/geo/autocomplete';
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.t.close();
});

describe('GET /api/v1/geo/autocomplete', () => {
  test('answers the municipalities starting with q, exact name first', async () => {
    const r = await h.call('pro', 'GET', `${URL}?q=Roma`);
    expect(r.status).toBe(200);
    expect(r.body[0]).toEqual({
      label: 'Roma (RM)',
      city: 'Roma',
      provinceCode: 'RM',
      regione: 'Lazio',
      zipcode: null,
      country: 'IT',
      lat: expect.closeTo(41.89, 1),
      lng: expect.closeTo(12.48, 1),
    });
    // Then the other names starting with 'roma', the more populous first.
    expect(r.body.slice(1, 3).map((place: { label: string }) => place.label)).toEqual([
      'Romano di Lombardia (BG)',
      "Romano d'Ezzelino (VI)",
    ]);
    for (const place of r.body) expect(place.city.toLowerCase().startsWith('roma')).toBe(true);
  });

  test('folds accents and case, and gives the CAP of a single-CAP town', async () => {
    const forli = await h.call('client', 'GET', `${URL}?q=FORLI`);
    expect(forli.status).toBe(200);
    expect(forli.body[0]).toMatchObject({ city: 'Forlì', provinceCode: 'FC', regione: 'Emilia-Romagna' });
    const abano = await h.call('delegate', 'GET', `${URL}?q=${encodeURIComponent('abano terme')}`);
    expect(abano.body).toEqual([expect.objectContaining({ label: 'Abano Terme (PD)', zipcode: '35031' })]);
  });

  test('answers a municipality without known coordinates with lat and lng null', async () => {
    // Ariano Irpino has no point in the licensed sources (server/src/geo/README.md): name, CAP and province stay.
    const r = await h.call('pro', 'GET', `${URL}?q=${encodeURIComponent('ariano irpino')}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      {
        label: 'Ariano Irpino (AV)',
        city: 'Ariano Irpino',
        provinceCode: 'AV',
        regione: 'Campania',
        zipcode: '83031',
        country: 'IT',
        lat: null,
        lng: null,
      },
    ]);
  });

  test("keeps one province with 'name (sigla)' and honours limit", async () => {
    const r = await h.call('admin', 'GET', `${URL}?q=${encodeURIComponent('reggio (RE)')}`);
    expect(r.status).toBe(200);
    expect(r.body[0]).toMatchObject({ provinceCode: 'RE', regione: 'Emilia-Romagna' });
    for (const place of r.body) expect(place.provinceCode).toBe('RE');
    const limited = await h.call('admin', 'GET', `${URL}?q=santa&limit=3`);
    expect(limited.body).toHaveLength(3);
    const standard = await h.call('admin', 'GET', `${URL}?q=santa`);
    expect(standard.body).toHaveLength(10);
    expect(limited.body).toEqual(standard.body.slice(0, 3));
  });

  test('answers every signed-in role', async () => {
    for (const login of LOGINS) expect((await h.call(login, 'GET', `${URL}?q=roma`)).status, login).toBe(200);
  });

  test('rejects 3 characters or fewer and a limit outside 1..20 with 400 on the field', async () => {
    const short = await h.call('pro', 'GET', `${URL}?q=rom`);
    expect(short.status).toBe(400);
    expect(short.body.fields).toEqual([{ field: 'querystring.q', message: 'must NOT have fewer than 4 characters' }]);
    expect((await h.call('pro', 'GET', URL)).status).toBe(400);
    const tooMany = await h.call('pro', 'GET', `${URL}?q=roma&limit=21`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fields[0].field).toBe('querystring.limit');
    expect((await h.call('pro', 'GET', `${URL}?q=roma&limit=0`)).status).toBe(400);
  });

  test('answers 401 without a token', async () => {
    expect((await h.call(null, 'GET', `${URL}?q=roma`)).status).toBe(401);
  });
});
