// Montserrat in Node: the TTF files of MONTSERRAT_FILES read from the installed package.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { MONTSERRAT_FILES, type MontserratFonts } from '../pdf/fonts.ts';

const require = createRequire(import.meta.url);

export async function readMontserrat(): Promise<MontserratFonts> {
  const [regular, bold] = await Promise.all([
    readFile(require.resolve(MONTSERRAT_FILES.regular)),
    readFile(require.resolve(MONTSERRAT_FILES.bold)),
  ]);
  return { regular: new Uint8Array(regular), bold: new Uint8Array(bold) };
}
