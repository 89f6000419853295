// The demo clients added after the four of the foundation seed (which keep ids 1-4), and the second family.
import { taxCode, vat } from './ids.ts';

export interface DemoClientSpec {
  key: string;
  proLogin: string;
  firstName?: string;
  lastName?: string;
  companyName?: string;
  taxCode?: string;
  vat?: string;
  email?: string;
  subscribe: boolean;
  trial: boolean;
}

export const MORE_DEMO_CLIENTS: DemoClientSpec[] = [
  {
    key: 'esposito',
    proLogin: 'pro',
    firstName: 'Salvatore',
    lastName: 'Esposito',
    taxCode: taxCode('SPSSVT66D18F839'),
    email: 'salvatore.esposito@example.it',
    subscribe: true,
    trial: false,
  },
  {
    key: 'esposito_r',
    proLogin: 'pro',
    firstName: 'Rosa',
    lastName: 'Esposito',
    taxCode: taxCode('SPSRSO69H52F839'),
    subscribe: false,
    trial: true,
  },
  {
    key: 'esposito_m',
    proLogin: 'pro',
    firstName: 'Marco',
    lastName: 'Esposito',
    taxCode: taxCode('SPSMRC95P07F839'),
    subscribe: false,
    trial: false,
  },
  {
    key: 'romano',
    proLogin: 'pro',
    firstName: 'Francesca',
    lastName: 'Romano',
    taxCode: taxCode('RMNFNC83E61A944'),
    email: 'francesca.romano@example.it',
    subscribe: true,
    trial: false,
  },
  {
    key: 'colombo',
    proLogin: 'pro',
    firstName: 'Alessandro',
    lastName: 'Colombo',
    taxCode: taxCode('CLMLSN71S23L736'),
    subscribe: false,
    trial: true,
  },
  {
    key: 'esposito_srl',
    proLogin: 'pro',
    companyName: 'Esposito Costruzioni S.r.l.',
    vat: vat('0712345063'),
    email: 'amministrazione@espositocostruzioni.example.it',
    subscribe: true,
    trial: false,
  },
  {
    key: 'galli_spa',
    proLogin: 'pro',
    companyName: 'Galli Meccanica S.p.A.',
    vat: vat('0288811016'),
    subscribe: false,
    trial: false,
  },
  {
    key: 'ricci',
    proLogin: 'pro2',
    firstName: 'Elena',
    lastName: 'Ricci',
    taxCode: taxCode('RCCLNE88B44G273'),
    email: 'elena.ricci@example.it',
    subscribe: false,
    trial: true,
  },
];

export const SECOND_FAMILY = {
  name: 'Famiglia Esposito',
  proLogin: 'pro',
  members: [
    { key: 'esposito', weight: 1 },
    { key: 'esposito_r', weight: 1 },
    { key: 'esposito_m', weight: 0.5 },
    { key: 'esposito_srl', weight: 0.6 },
  ],
};
