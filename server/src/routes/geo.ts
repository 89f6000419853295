// Places (shared-api contract/geo.ts): the address autocomplete. The offline geocoder shipped with the server
// (../geo/municipalities.ts) answers it, so it works without a network; GEOCODER_URL names an optional online,
// Nominatim-compatible service, asked first and replaced by the offline list whenever it fails.
import { GEO_LIMIT_DEFAULT, routes } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import { offlineGeocoder } from '../geo/municipalities.ts';
import { searchPlaces } from '../geo/online.ts';
import { route } from '../plugins/route.ts';

export async function geoRoutes(app: FastifyInstance): Promise<void> {
  const onlineUrl = app.config.geocoderUrl;
  // Every signed-in role may look places up: it reads no client data.
  route(app, routes.geoAutocomplete, async (request) => {
    const { q, limit = GEO_LIMIT_DEFAULT } = request.query;
    return searchPlaces(offlineGeocoder, q, limit, onlineUrl ? { url: onlineUrl, log: request.log } : undefined);
  });
}
