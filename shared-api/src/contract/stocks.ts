// Instruments (stocks, bonds, funds, ETFs) and their prices. Every signed-in role reads them (reference data);
// ADMIN and BACK_OFFICE write them.
import { ErrorBody, IdParams } from '../schemas.ts';
import { Page } from './financial-schemas.ts';
import { errors, type RouteDef } from './route-def.ts';
import { PriceListQuery, PricePoint, Stock, StockDetail, StockInput, StockListQuery } from './stock-schemas.ts';

export const stockRoutes = {
  listStocks: {
    method: 'GET',
    url: '/api/v1/stock',
    summary: 'Instruments, searched by name or ISIN (default name,asc, 10 a page)',
    tags: ['stocks'],
    auth: true,
    querystring: StockListQuery,
    response: { 200: Page(Stock), ...errors },
  },
  getStock: {
    method: 'GET',
    url: '/api/v1/stock/:id',
    summary: 'One instrument with its latest price and the sources of its prices (demo, upload) with their date ranges',
    tags: ['stocks'],
    auth: true,
    params: IdParams,
    response: { 200: StockDetail, ...errors },
  },
  createStock: {
    method: 'POST',
    url: '/api/v1/stock',
    summary: 'Add an instrument (ADMIN, BACK_OFFICE); 409 duplicate_instrument when the ISIN exists',
    tags: ['stocks'],
    auth: true,
    body: StockInput,
    response: { 200: Stock, ...errors, 409: ErrorBody },
  },
  updateStock: {
    method: 'PUT',
    url: '/api/v1/stock/:id',
    summary:
      'Edit an instrument (ADMIN, BACK_OFFICE); 409 duplicate_instrument when the ISIN is taken; 409 currency_in_use (params: currency, prices, movements) when the currency changes while prices or movements exist in the old one',
    tags: ['stocks'],
    auth: true,
    params: IdParams,
    body: StockInput,
    response: { 200: Stock, ...errors, 409: ErrorBody },
  },
  stockPrices: {
    method: 'GET',
    url: '/api/v1/stock/:id/price',
    summary: "An instrument's price history, newest first (default 5 rows)",
    tags: ['stocks'],
    auth: true,
    params: IdParams,
    querystring: PriceListQuery,
    response: { 200: Page(PricePoint), ...errors },
  },
} as const satisfies Record<string, RouteDef>;
