// One drawer per numbered section, in the order of the cover's contents (portal-and-report 2, "Report pages").
import type { ContentsEntry } from '../../logic/plan.ts';
import type { SectionDrawer } from '../types.ts';
import { drawArtLux } from './art-lux.ts';
import { drawFinancial } from './financial.ts';
import { drawOverview } from './overview.ts';
import { drawRealEstate } from './real-estate.ts';
import { drawShares } from './shares.ts';

export const SECTION_DRAWERS: Record<ContentsEntry['section'], SectionDrawer> = {
  overview: drawOverview,
  financial: drawFinancial,
  realEstate: drawRealEstate,
  shares: drawShares,
  artLux: drawArtLux,
};
