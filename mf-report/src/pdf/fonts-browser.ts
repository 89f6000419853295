// The browser's Montserrat: the TTF files emitted by rspack's asset/resource rule, fetched once per page.

import regularUrl from '@expo-google-fonts/montserrat/400Regular/Montserrat_400Regular.ttf';
import boldUrl from '@expo-google-fonts/montserrat/700Bold/Montserrat_700Bold.ttf';
import { fetchMontserrat, type MontserratFonts } from './fonts.ts';

let loading: Promise<MontserratFonts> | null = null;

/** Montserrat Regular and Bold bytes; a failed fetch is not cached, so the next report tries again. */
export function loadMontserrat(): Promise<MontserratFonts> {
  loading ??= fetchMontserrat({ regular: regularUrl, bold: boldUrl }).catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}
