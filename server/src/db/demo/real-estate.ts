// Demo real estate (DESIGN.md 5): houses and land with coordinates in Italian cities, mortgages and evaluations,
// inserted inside the caller's transaction. Fixed data, so two seeds give the same rows; values are invented for the
// demo. Mario Rossi (the BASIC user's client) has two houses (one with a mortgage), a plot of land without
// coordinates and a sold shop; pro2's clients have their own, one of them abroad (no province).
import { suggestEvaluation } from '../../real-estate/suggested.ts';
import type { Queryable } from '../database.ts';

interface DemoMortgage {
  amount: number;
  initDate: string;
  rataType: 'MONTHLY' | 'QUARTERLY' | 'FOUR_MONTH' | 'HALF_YEARLY' | 'YEARLY';
  totalRata: number;
  interestRateType: 'FIX' | 'EU3M' | 'EU6M' | 'EU1A';
  amortization: 'CONST' | 'VAR';
  interestRate: number;
}

interface DemoProperty {
  /** Client key (demo/clients.ts, seed-demo.ts). */
  client: string;
  createdBy: string;
  description: string;
  typology: 'RESIDENTIAL' | 'COMMERCIAL' | 'LAND';
  destination: 'AVAILABLE' | 'INCOME' | 'FIRST_HOUSE';
  conservationState?: 'POOR' | 'NORMAL' | 'OPTIMAL';
  typeProperty?: 'PROPERTY' | 'NAKED_PROPERTY' | 'PROPERTY_SUP' | 'USUFRUCT';
  mq: number;
  percOwned: number;
  address: string;
  addressNumber: string;
  zipcode: string;
  city: string;
  country?: string;
  provinceCode: string | null;
  /** Without coordinates the property has no map marker. */
  at: [lat: number, lng: number] | null;
  purchase?: [date: string, value: number];
  /** Yearly. */
  income?: number;
  maintenanceCost?: number;
  cadastral?: { cadastralIncome: number; layout: string; lot: string; subLot: number };
  evaluations: Array<[date: string, value: number]>;
  mortgage?: DemoMortgage;
  sold?: [date: string, value: number];
}

export const DEMO_REAL_ESTATE: DemoProperty[] = [
  {
    client: 'client',
    createdBy: 'pro',
    description: 'Appartamento Milano Brera',
    typology: 'RESIDENTIAL',
    destination: 'FIRST_HOUSE',
    conservationState: 'OPTIMAL',
    mq: 95,
    percOwned: 1,
    address: 'Via Fiori Chiari',
    addressNumber: '12',
    zipcode: '20121',
    city: 'Milano',
    provinceCode: 'MI',
    at: [45.4719, 9.1866],
    purchase: ['2019-06-28', 450000],
    maintenanceCost: 3600,
    cadastral: { cadastralIncome: 1850.4, layout: '350', lot: '112', subLot: 7 },
    evaluations: [
      ['2020-01-01', 480000],
      ['2022-06-30', 520000],
      ['2024-06-30', 565000],
    ],
    mortgage: {
      amount: 250000,
      initDate: '2019-06-28',
      rataType: 'MONTHLY',
      totalRata: 300,
      interestRateType: 'FIX',
      amortization: 'CONST',
      interestRate: 2.1,
    },
  },
  {
    client: 'client',
    createdBy: 'pro',
    description: 'Bilocale Roma Prati',
    typology: 'RESIDENTIAL',
    destination: 'INCOME',
    mq: 60,
    percOwned: 0.5,
    address: 'Via Cola di Rienzo',
    addressNumber: '45',
    zipcode: '00192',
    city: 'Roma',
    provinceCode: 'RM',
    at: [41.9067, 12.4631],
    purchase: ['2021-03-15', 295000],
    income: 14400,
    maintenanceCost: 1200,
    evaluations: [
      ['2021-03-15', 310000],
      ['2023-03-15', 330000],
      ['2025-03-15', 345000],
    ],
  },
  {
    client: 'client',
    createdBy: 'pro',
    description: 'Terreno agricolo a Montalcino',
    typology: 'LAND',
    destination: 'AVAILABLE',
    mq: 20000,
    percOwned: 1,
    address: 'Località Poggio alle Mura',
    addressNumber: 'snc',
    zipcode: '53024',
    city: 'Montalcino',
    provinceCode: 'SI',
    at: null,
    purchase: ['2018-10-01', 80000],
    evaluations: [
      ['2020-05-01', 90000],
      ['2024-05-01', 110000],
    ],
  },
  {
    client: 'client',
    createdBy: 'pro',
    description: 'Negozio Como centro',
    typology: 'COMMERCIAL',
    destination: 'INCOME',
    mq: 70,
    percOwned: 1,
    address: 'Via Vittorio Emanuele II',
    addressNumber: '88',
    zipcode: '22100',
    city: 'Como',
    provinceCode: 'CO',
    at: [45.8107, 9.0852],
    purchase: ['2015-04-20', 150000],
    income: 9600,
    maintenanceCost: 900,
    evaluations: [
      ['2020-01-01', 170000],
      ['2023-01-01', 180000],
    ],
    sold: ['2024-09-30', 185000],
  },
  {
    client: 'bianchi',
    createdBy: 'pro',
    description: 'Villa sul lago di Como',
    typology: 'RESIDENTIAL',
    destination: 'AVAILABLE',
    conservationState: 'NORMAL',
    mq: 240,
    percOwned: 1,
    address: 'Via Regina',
    addressNumber: '21',
    zipcode: '22016',
    city: 'Tremezzina',
    provinceCode: 'CO',
    at: [45.9862, 9.2271],
    maintenanceCost: 8400,
    evaluations: [
      ['2020-01-01', 1150000],
      ['2023-09-30', 1280000],
    ],
  },
  {
    client: 'verdi',
    createdBy: 'pro',
    description: 'Ufficio Torino Crocetta',
    typology: 'COMMERCIAL',
    destination: 'INCOME',
    mq: 130,
    percOwned: 1,
    address: 'Corso Duca degli Abruzzi',
    addressNumber: '30',
    zipcode: '10129',
    city: 'Torino',
    provinceCode: 'TO',
    at: [45.0608, 7.6608],
    purchase: ['2020-02-14', 260000],
    income: 18000,
    maintenanceCost: 2400,
    evaluations: [
      ['2020-02-14', 260000],
      ['2024-02-14', 275000],
    ],
    mortgage: {
      amount: 150000,
      initDate: '2020-02-14',
      rataType: 'QUARTERLY',
      totalRata: 60,
      interestRateType: 'EU3M',
      amortization: 'VAR',
      interestRate: 3.4,
    },
  },
  {
    client: 'esposito',
    createdBy: 'pro',
    description: 'Appartamento Napoli Chiaia',
    typology: 'RESIDENTIAL',
    destination: 'FIRST_HOUSE',
    mq: 110,
    percOwned: 0.5,
    address: 'Via dei Mille',
    addressNumber: '16',
    zipcode: '80121',
    city: 'Napoli',
    provinceCode: 'NA',
    at: [40.8357, 14.2378],
    purchase: ['2022-05-10', 420000],
    maintenanceCost: 2000,
    evaluations: [
      ['2022-05-10', 420000],
      ['2024-11-30', 455000],
    ],
    mortgage: {
      amount: 300000,
      initDate: '2022-05-10',
      rataType: 'MONTHLY',
      totalRata: 360,
      interestRateType: 'FIX',
      amortization: 'CONST',
      interestRate: 3.2,
    },
  },
  {
    client: 'esposito_srl',
    createdBy: 'pro',
    description: 'Capannone Marcianise',
    typology: 'COMMERCIAL',
    destination: 'INCOME',
    conservationState: 'POOR',
    mq: 900,
    percOwned: 1,
    address: 'Zona ASI Sud',
    addressNumber: '4',
    zipcode: '81025',
    city: 'Marcianise',
    provinceCode: 'CE',
    at: [41.0303, 14.2986],
    income: 36000,
    maintenanceCost: 6000,
    evaluations: [
      ['2020-01-01', 540000],
      ['2022-12-31', 560000],
    ],
  },
  {
    client: 'romano',
    createdBy: 'pro',
    description: 'Casa Bologna Santo Stefano',
    typology: 'RESIDENTIAL',
    destination: 'FIRST_HOUSE',
    mq: 85,
    percOwned: 1,
    address: 'Via Santo Stefano',
    addressNumber: '58',
    zipcode: '40125',
    city: 'Bologna',
    provinceCode: 'BO',
    at: [44.4901, 11.3515],
    evaluations: [['2023-06-01', 390000]],
  },
  {
    client: 'ferrari',
    createdBy: 'pro2',
    description: 'Appartamento Firenze Oltrarno',
    typology: 'RESIDENTIAL',
    destination: 'FIRST_HOUSE',
    mq: 120,
    percOwned: 1,
    address: 'Via Maggio',
    addressNumber: '9',
    zipcode: '50125',
    city: 'Firenze',
    provinceCode: 'FI',
    at: [43.7662, 11.2493],
    purchase: ['2018-09-01', 520000],
    maintenanceCost: 3000,
    evaluations: [
      ['2020-01-01', 560000],
      ['2023-01-01', 610000],
    ],
    mortgage: {
      amount: 200000,
      initDate: '2018-09-01',
      rataType: 'HALF_YEARLY',
      totalRata: 40,
      interestRateType: 'EU6M',
      amortization: 'CONST',
      interestRate: 2.8,
    },
  },
  {
    client: 'ferrari',
    createdBy: 'pro2',
    description: 'Vigneto in Valpolicella',
    typology: 'LAND',
    destination: 'INCOME',
    mq: 35000,
    percOwned: 1,
    address: 'Via Valpolicella',
    addressNumber: 'snc',
    zipcode: '37029',
    city: 'San Pietro in Cariano',
    provinceCode: 'VR',
    at: [45.5178, 10.8853],
    income: 12000,
    evaluations: [
      ['2020-01-01', 700000],
      ['2024-10-01', 760000],
    ],
  },
  {
    client: 'ricci',
    createdBy: 'pro2',
    description: 'Appartamento a Nizza',
    typology: 'RESIDENTIAL',
    destination: 'AVAILABLE',
    mq: 75,
    percOwned: 1,
    address: 'Promenade des Anglais',
    addressNumber: '101',
    zipcode: '06000',
    city: 'Nice',
    country: 'FR',
    provinceCode: null,
    at: [43.6947, 7.2653],
    evaluations: [['2021-07-01', 480000]],
  },
];

export async function seedRealEstate(
  tx: Queryable,
  userIds: Map<string, number>,
  clientIds: Map<string, number>,
): Promise<void> {
  for (const p of DEMO_REAL_ESTATE) {
    const clientId = clientIds.get(p.client);
    if (clientId === undefined) throw new Error(`demo real estate: unknown client ${p.client}`);
    const current = p.evaluations[p.evaluations.length - 1]![1];
    // The price table's suggestion is stored as the form would (the demo's chosen value stays the CUSTOM one).
    const suggestion = suggestEvaluation({
      provinceCode: p.provinceCode,
      typology: p.typology,
      conservationState: p.conservationState ?? 'NORMAL',
      mq: p.mq,
    });
    const { rows } = await tx.query<{ id: number }>(
      `insert into real_estates (client_id, typology, destination, conservation_state, type_property, description, mq,
         real_estate_evaluation_type, custom_evaluation, purchase_date, purchase_value, income, maintenance_cost,
         perc_owned, address, address_number, zipcode, city, country, province_code, lat, lng, cadastral_income, layout,
         lot, sub_lot, sold_date, sold_value, created_by, suggested_evaluation, suggested_evaluation_date)
       values ($1, $2, $3, $4, $5, $6, $7, 'CUSTOM', $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21,
         $22, $23, $24, $25, $26, $27, $28, $29, $30) returning id`,
      [
        clientId,
        p.typology,
        p.destination,
        p.conservationState ?? 'NORMAL',
        p.typeProperty ?? 'PROPERTY',
        p.description,
        p.mq,
        current,
        p.purchase?.[0] ?? null,
        p.purchase?.[1] ?? null,
        p.income ?? null,
        p.maintenanceCost ?? null,
        p.percOwned,
        p.address,
        p.addressNumber,
        p.zipcode,
        p.city,
        p.country ?? 'IT',
        p.provinceCode,
        p.at?.[0] ?? null,
        p.at?.[1] ?? null,
        p.cadastral?.cadastralIncome ?? null,
        p.cadastral?.layout ?? null,
        p.cadastral?.lot ?? null,
        p.cadastral?.subLot ?? null,
        p.sold?.[0] ?? null,
        p.sold?.[1] ?? null,
        userIds.get(p.createdBy) ?? null,
        suggestion.value,
        suggestion.value === null ? null : suggestion.date,
      ],
    );
    const id = rows[0]!.id;
    for (const [date, value] of p.evaluations)
      await tx.query(
        'insert into real_estate_evaluations (real_estate_id, evaluation_date, value) values ($1, $2, $3)',
        [id, date, value],
      );
    if (p.mortgage) {
      const m = p.mortgage;
      await tx.query(
        `insert into mortgages (real_estate_id, amount, init_date, rata_type, total_rata, interest_rate_type, amortization,
           interest_rate) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [id, m.amount, m.initDate, m.rataType, m.totalRata, m.interestRateType, m.amortization, m.interestRate],
      );
    }
  }
}
