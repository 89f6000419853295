// The offline geocoder: a search over the Italian municipalities shipped in data/municipalities.json.gz (sources
// and licences in README.md), so that the address autocomplete works with no network.
import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { GEO_LIMIT_DEFAULT, type GeoPlace, provinceByCode } from '@patrimonio/shared-api';

/**
 * One shipped row: [name, province sigla, lat, lng (both null when no licensed source has the town's point),
 * CAP (null when the city has several), population].
 */
export type MunicipalityRow = [
  name: string,
  provinceCode: string,
  lat: number | null,
  lng: number | null,
  zipcode: string | null,
  population: number,
];

/** Lower case without accents, apostrophes, hyphens and slashes as spaces: 'Forlì' and 'FORLI' fold alike. */
export function foldName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

interface Entry {
  place: GeoPlace;
  population: number;
  /** The folded name and, for bilingual names ('Bolzano/Bozen'), each of its parts. */
  names: string[];
  /** Every name without spaces, so 'santangelo' finds "Sant'Angelo". */
  compacts: string[];
  words: string[];
}

// Best first: the whole name, then the start of the name, then the start of each of its words.
const EXACT = 0;
const PREFIX = 1;
const WORDS = 2;

export interface Geocoder {
  /** At most `limit` places matching `query`, best first. */
  search(query: string, limit?: number): GeoPlace[];
}

/** A geocoder over the given rows (the shipped ones: see offlineGeocoder). */
export function createGeocoder(rows: readonly MunicipalityRow[]): Geocoder {
  const entries = rows.map(toEntry);
  return {
    search(query, limit = GEO_LIMIT_DEFAULT) {
      const { name, provinceCode } = parseQuery(query);
      if (!name) return [];
      const compact = name.replaceAll(' ', '');
      const queryWords = name.split(' ');
      const ranked: { entry: Entry; rank: number }[] = [];
      for (const entry of entries) {
        if (provinceCode && entry.place.provinceCode !== provinceCode) continue;
        const rank = rankOf(entry, name, compact, queryWords);
        if (rank !== undefined) ranked.push({ entry, rank });
      }
      ranked.sort(
        (a, b) =>
          a.rank - b.rank ||
          b.entry.population - a.entry.population ||
          a.entry.place.city.localeCompare(b.entry.place.city, 'it'),
      );
      return ranked.slice(0, limit).map(({ entry }) => entry.place);
    },
  };
}

function toEntry([city, provinceCode, lat, lng, zipcode, population]: MunicipalityRow): Entry {
  const regione = provinceByCode(provinceCode)?.regione;
  if (!regione) throw new Error(`Municipality ${city}: unknown province ${provinceCode}`);
  const names = [...new Set([city, ...city.split('/')].map(foldName))];
  return {
    place: { label: `${city} (${provinceCode})`, city, provinceCode, regione, zipcode, country: 'IT', lat, lng },
    population,
    names,
    compacts: names.map((name) => name.replaceAll(' ', '')),
    words: [...new Set(names.flatMap((name) => name.split(' ')))],
  };
}

/** 'Forlì (FC)' or 'forli (fc' keeps the municipalities of that province. */
function parseQuery(query: string): { name: string; provinceCode?: string } {
  const withProvince = /^(.*?)\s*\(\s*([A-Za-z]{2})\s*\)?\s*$/.exec(query);
  if (withProvince) return { name: foldName(withProvince[1]!), provinceCode: withProvince[2]!.toUpperCase() };
  return { name: foldName(query) };
}

function rankOf(entry: Entry, name: string, compact: string, queryWords: string[]): number | undefined {
  if (entry.names.includes(name)) return EXACT;
  if (entry.names.some((n) => n.startsWith(name)) || entry.compacts.some((c) => c.startsWith(compact))) return PREFIX;
  if (queryWords.every((word) => entry.words.some((w) => w.startsWith(word)))) return WORDS;
  return undefined;
}

let shipped: Promise<Geocoder> | undefined;

/** The geocoder over the shipped municipalities, read once at first use. */
export function offlineGeocoder(): Promise<Geocoder> {
  shipped ??= readFile(new URL('./data/municipalities.json.gz', import.meta.url))
    .then((gzipped) => createGeocoder(JSON.parse(gunzipSync(gzipped).toString('utf8')) as MunicipalityRow[]))
    .catch((error: unknown) => {
      shipped = undefined; // a later call tries again
      throw error;
    });
  return shipped;
}
