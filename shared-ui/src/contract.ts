// @patrimonio/shared-ui/contract: the contract's routes, whose body schemas bind the forms, and its body check, with
// TypeBox. A file of its own in the import map, loaded on demand (rspack.config.ts, ON_DEMAND_SPECIFIERS): the pages
// and dialogs with forms import it, the first screen does not (issue 21). Apps take it from here, not from
// '@patrimonio/shared-api' itself, which would bundle the contract and TypeBox again in each app.
export { bodyErrors, routes as contract } from '@patrimonio/shared-api';
