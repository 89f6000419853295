// The current report logo for the dialog's preview (GET /user/logo-report, not retried: portal-and-report 7 and 8).
// The answer is binary: the report's own loadLogo reads it with the typed client's download and decodes it; it is kept
// in the portal's shared query cache under the route's key: the logo dialog's save invalidates that key and the
// preview refetches.
import { apiKey, queryClient, sessionStore } from '@patrimonio/shared-ui';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { loadLogo } from '../report/load-data.ts';
import type { ReportLogo } from '../report/types.ts';

const LOGO_KEY = apiKey('getReportLogo');

const fetchLogo = () =>
  queryClient.fetchQuery({
    queryKey: LOGO_KEY,
    // loadLogo answers undefined for "no logo" (404) and for a failure alike: both show no preview.
    queryFn: async () =>
      (await loadLogo({ baseUrl: '', getAccessToken: () => sessionStore.get().accessToken })) ?? null,
    retry: false,
  });

/** An <img> source for the logo: a raster data URL as it is, an SVG as a data URL of its markup. */
export const logoImageSource = (logo: ReportLogo): string =>
  logo.kind === 'raster' ? logo.dataUrl : `data:image/svg+xml;charset=utf-8,${encodeURIComponent(logo.markup)}`;

export function useReportLogo(enabled: boolean): { logo: ReportLogo | null; loading: boolean } {
  const cache = queryClient.getQueryCache();
  const subscribe = useCallback(
    (onChange: () => void) =>
      cache.subscribe((event) => {
        if (event.query.queryKey[0] === LOGO_KEY[0]) onChange();
      }),
    [cache],
  );
  const readState = useCallback(
    () => cache.find<ReportLogo | null>({ queryKey: LOGO_KEY, exact: true })?.state,
    [cache],
  );
  const state = useSyncExternalStore(subscribe, readState, readState);
  const needed = enabled && (!state || state.isInvalidated || state.status === 'pending');
  const fetching = state?.fetchStatus === 'fetching';
  useEffect(() => {
    if (needed && !fetching) fetchLogo().catch(() => undefined);
  }, [needed, fetching]);
  return { logo: state?.data ?? null, loading: fetching };
}
