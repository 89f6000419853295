// The holders of a company as a caller may see them (issue 13, "two disclosures across tenants"). The report lists a
// company's owners as {name, percentage} (portal-and-report 3, "Shares (report)"), but a company may be held by
// clients the caller does not see: another adviser's client, or, for a BASIC user, any client but its own. Those are
// never named nor identified: they are summed into one entry without id and name (the portal and the report show it
// as "Altri soci" / "Other owners"), placed last. The same rule holds for every role (a PRO never sees another PRO's
// client); ADMIN and BACK_OFFICE see every client, so they get every holder.
import { round } from '@patrimonio/engine';

/** A holder of a company, with whether the caller may see that client. */
export interface SeenHolder {
  clientId: number;
  name: string;
  /** Percent points. */
  percentage: number;
  visible: boolean;
}

/** A holder as answered: a client the caller sees, or (clientId and name null) the sum of those it does not. */
export interface HolderAsSeen {
  clientId: number | null;
  name: string | null;
  percentage: number;
}

/**
 * The holders the caller sees, in the given order, then one entry for all the others with their percentages summed
 * (to the 6 decimals percentages are stored with); no such entry when the caller sees every holder.
 * Worked example: Mario Rossi 60 (seen), Giulia Bianchi 25 and Luca Verdi 10 (not seen) give
 * [{Mario Rossi, 60}, {null, 35}].
 */
export function holdersAsSeen(holders: readonly SeenHolder[]): HolderAsSeen[] {
  const seen = holders
    .filter((h) => h.visible)
    .map((h) => ({ clientId: h.clientId, name: h.name, percentage: h.percentage }));
  const others = holders.filter((h) => !h.visible);
  if (others.length === 0) return seen;
  const sum = round(
    others.reduce((s, h) => s + h.percentage, 0),
    6,
  );
  return [...seen, { clientId: null, name: null, percentage: sum }];
}
