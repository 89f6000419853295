import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGeocoder } from './municipalities.ts';
import { searchOnline, searchPlaces } from './online.ts';

// A Nominatim-compatible service on the loopback: the answer it gives, and the requests it saw.
let server: Server;
let baseUrl: string;
let answer: { status: number; body: unknown } = { status: 200, body: [] };
const requests: URL[] = [];

const via = (address: Record<string, string>, lat = '45.4641', lon = '9.1919') => ({ lat, lon, address });

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(new URL(request.url ?? '/', 'http://localhost'));
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/nominatim`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('searchOnline', () => {
  it('asks for Italian places with their address and keeps those in a known province', async () => {
    answer = {
      status: 200,
      body: [
        via({
          road: 'Via Dante',
          house_number: '12',
          city: 'Milano',
          postcode: '20121',
          'ISO3166-2-lvl6': 'IT-MI',
          country_code: 'it',
        }),
        via({ village: 'Premosello-Chiovenda', 'ISO3166-2-lvl6': 'IT-VB', country_code: 'it' }, '46.0', '8.33'),
        via({ city: 'Lugano', country_code: 'ch' }),
        via({ city: 'Nowhere', 'ISO3166-2-lvl6': 'IT-XX', country_code: 'it' }),
      ],
    };
    const places = await searchOnline(baseUrl, 'via dante milano', 5);
    const request = requests.at(-1)!;
    expect(request.pathname).toBe('/nominatim/search');
    expect(Object.fromEntries(request.searchParams)).toEqual({
      q: 'via dante milano',
      format: 'jsonv2',
      addressdetails: '1',
      countrycodes: 'it',
      'accept-language': 'it',
      limit: '5',
    });
    expect(places).toEqual([
      {
        label: 'Via Dante 12, Milano (MI)',
        city: 'Milano',
        provinceCode: 'MI',
        regione: 'Lombardia',
        zipcode: '20121',
        country: 'IT',
        lat: 45.4641,
        lng: 9.1919,
      },
      {
        label: 'Premosello-Chiovenda (VB)',
        city: 'Premosello-Chiovenda',
        provinceCode: 'VB',
        regione: 'Piemonte',
        zipcode: null,
        country: 'IT',
        lat: 46,
        lng: 8.33,
      },
    ]);
  });

  it('throws when the service answers an error', async () => {
    answer = { status: 503, body: { error: 'busy' } };
    await expect(searchOnline(baseUrl, 'roma', 5)).rejects.toThrow('Geocoder answered 503');
  });
});

describe('searchPlaces', () => {
  const offline = async () => createGeocoder([['Roma', 'RM', 41.89, 12.48, null, 2_800_000]]);
  const warnings: unknown[] = [];
  const log = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as FastifyBaseLogger;

  it('answers from the offline list when no service is configured', async () => {
    const before = requests.length;
    expect((await searchPlaces(offline, 'roma', 10)).map((place) => place.label)).toEqual(['Roma (RM)']);
    expect(requests.length).toBe(before);
  });

  it('answers from the service when it answers', async () => {
    answer = { status: 200, body: [via({ city: 'Roma', 'ISO3166-2-lvl6': 'IT-RM', country_code: 'it' })] };
    const places = await searchPlaces(offline, 'roma', 10, { url: baseUrl, log });
    expect(places).toEqual([expect.objectContaining({ label: 'Roma (RM)', lat: 45.4641 })]);
  });

  it('falls back to the offline list, with a warning, when the service fails or cannot be reached', async () => {
    answer = { status: 500, body: 'oops' };
    const failed = await searchPlaces(offline, 'roma', 10, { url: baseUrl, log });
    expect(failed).toEqual([expect.objectContaining({ label: 'Roma (RM)', lat: 41.89 })]);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = await searchPlaces(offline, 'roma', 10, { url: closedUrl, log });
    expect(unreachable).toEqual(failed);
    expect(warnings).toHaveLength(2);
  });
});
