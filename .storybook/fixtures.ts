// Sample data for the stories: users of every role and a selected client or family. Names are sample
// data, not translatable content.
import type { Client, Family, UserProfile } from '@patrimonio/shared-api';
import type { Selection } from '../shared-ui/src/session/store.ts';

const user = (patch: Partial<UserProfile> & Pick<UserProfile, 'id' | 'role' | 'name'>): UserProfile => ({
  permissions: [],
  clientId: null,
  proId: null,
  impersonator: null,
  ...patch,
});

export const proUser = user({ id: 'pro-giulia', role: 'PRO', name: 'Giulia Bianchi' });

export const basicUser = user({ id: 'basic-marco', role: 'BASIC', name: 'Marco Rossi', clientId: 42 });

export const delegateApproveOnly = user({
  id: 'delegate-luca',
  role: 'DELEGATE',
  name: 'Luca Verdi',
  permissions: ['APPROVE_MOVEMENT'],
  proId: 'pro-giulia',
});

export const adminUser = user({ id: 'admin-anna', role: 'ADMIN', name: 'Anna Conti' });

export const backOfficeUser = user({
  id: 'bo-paolo',
  role: 'BACK_OFFICE',
  name: 'Paolo Gallo',
  permissions: ['APPROVE_MOVEMENT', 'MANAGE_CONTROL'],
});

/** An administrator signed in as a PRO (the profile carries the impersonator). */
export const impersonatedPro = user({
  id: 'pro-giulia',
  role: 'PRO',
  name: 'Giulia Bianchi',
  impersonator: 'admin-anna',
});

export const sampleClient: Client = {
  id: 42,
  demoUser: false,
  firstName: 'Marco',
  lastName: 'Rossi',
  companyName: null,
  vat: null,
  taxCode: 'RSSMRC70A01H501Z',
  name: null,
  user: [],
  currencySymbol: '€',
  atokaId: null,
  company: false,
  prefix: '+39',
  mobile: '3331234567',
  email: 'marco.rossi@example.com',
  subscribe: true,
  trial: false,
  trialUntil: null,
  registered: false,
  invitedAt: null,
};

export const sampleFamily: Family = {
  id: 7,
  name: 'Famiglia Rossi',
  users: [
    { id: 42, name: 'Marco Rossi', weight: 0.6 },
    { id: 43, name: 'Elena Rossi', weight: 0.4 },
  ],
  subscribe: true,
  trial: false,
};

export const clientSelection: Selection = { kind: 'client', id: 42, status: 'succeded', client: sampleClient };

export const familySelection: Selection = { kind: 'family', id: 7, status: 'succeded', family: sampleFamily };
