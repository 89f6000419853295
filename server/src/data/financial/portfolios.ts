// Portfolios: a client's named sets of accounts, and the aggregate portfolio every client and family has.

/** Name of the aggregate portfolio item (the portal shows it as the whole of a client's or family's wealth). */
export const AGGREGATE_NAME = 'Aggregato';
