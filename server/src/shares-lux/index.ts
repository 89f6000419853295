// Family business shares and art and luxury goods: what other parts of the server use (the overview dashboard's
// richComposition share and artLux, the asset history's SHARE and ARTLUX series). Members are the clients of a scope
// with their weights: [{ clientId, weight: 1 }] for a client, the family members and weights for a family.
export type { Member } from './figures.ts';
export { luxDashboardStats, luxValueAt, luxValueSeries } from './lux.ts';
export { shareHoldingsAt, shareValueAt, shareValueSeries } from './shares.ts';
