// Records as the server answers them, for the front end's tests (unit and browser): every field, overridable.
import type { Client } from '@patrimonio/shared-api';

/** A client of the list (GET /user/client): a registered private client, no contact details. */
export const clientFixture = (over: Partial<Client> & Pick<Client, 'id'>): Client => ({
  demoUser: false,
  firstName: null,
  lastName: null,
  companyName: null,
  vat: null,
  taxCode: null,
  name: null,
  user: [],
  currencySymbol: '€',
  atokaId: null,
  company: false,
  prefix: null,
  mobile: null,
  email: null,
  subscribe: true,
  trial: false,
  trialUntil: null,
  registered: true,
  invitedAt: null,
  ...over,
});
