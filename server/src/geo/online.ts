// An optional online geocoder (a Nominatim-compatible service at GEOCODER_URL) for the address autocomplete,
// with the offline municipalities as the answer whenever it fails: the embedded default never needs a network.
import { type GeoPlace, provinceByCode } from '@patrimonio/shared-api';
import type { FastifyBaseLogger } from 'fastify';
import type { Geocoder } from './municipalities.ts';

/** How long the autocomplete waits for the online service before answering from the offline list. */
export const ONLINE_TIMEOUT_MS = 3000;

/** The part of a Nominatim `format=jsonv2&addressdetails=1` result this reads. */
interface NominatimResult {
  lat: string;
  lon: string;
  address?: Record<string, string | undefined>;
}

/** Searches a Nominatim-compatible service for Italian places; throws when it cannot answer. */
export async function searchOnline(
  baseUrl: string,
  query: string,
  limit: number,
  fetchImpl: typeof fetch = fetch,
): Promise<GeoPlace[]> {
  const url = new URL('search', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  url.search = new URLSearchParams({
    q: query,
    format: 'jsonv2',
    addressdetails: '1',
    countrycodes: 'it',
    'accept-language': 'it',
    limit: String(limit),
  }).toString();
  const response = await fetchImpl(url, {
    headers: { accept: 'application/json', 'user-agent': 'Patrimonio address autocomplete' },
    signal: AbortSignal.timeout(ONLINE_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`Geocoder answered ${response.status}`);
  const results = (await response.json()) as NominatimResult[];
  if (!Array.isArray(results)) throw new Error('Geocoder answered no list');
  return results.flatMap((result) => {
    const place = toPlace(result);
    return place ? [place] : [];
  });
}

/** An Italian place with a known province, or null (foreign or incomplete results are left out). */
function toPlace({ lat, lon, address = {} }: NominatimResult): GeoPlace | null {
  // Nominatim gives the province as ISO 3166-2 'IT-MI' at admin level 6.
  const provinceCode = /^IT-([A-Z]{2})$/.exec(address['ISO3166-2-lvl6'] ?? '')?.[1];
  const province = provinceCode ? provinceByCode(provinceCode) : undefined;
  const city = address.city ?? address.town ?? address.village ?? address.municipality;
  if (!province || !city || address.country_code?.toLowerCase() !== 'it') return null;
  const street = [address.road, address.house_number].filter(Boolean).join(' ');
  return {
    label: `${street ? `${street}, ` : ''}${city} (${province.code})`,
    city,
    provinceCode: province.code,
    regione: province.regione,
    zipcode: address.postcode ?? null,
    country: 'IT',
    lat: Number(lat),
    lng: Number(lon),
  };
}

/** The online answer when a service is configured and answers; otherwise, or on failure, the offline one. */
export async function searchPlaces(
  offline: () => Promise<Geocoder>,
  query: string,
  limit: number,
  online?: { url: string; log: FastifyBaseLogger; fetchImpl?: typeof fetch },
): Promise<GeoPlace[]> {
  if (online) {
    try {
      return await searchOnline(online.url, query, limit, online.fetchImpl);
    } catch (error) {
      online.log.warn({ err: error }, 'online geocoder failed: answering from the offline municipalities');
    }
  }
  return (await offline()).search(query, limit);
}
