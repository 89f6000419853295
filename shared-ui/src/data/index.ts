export { useDebounced } from './debounce.ts';
export { usePagedFilters } from './filters.ts';
export {
  type ApiMutationOptions,
  apiKey,
  errorCode,
  errorStatus,
  mutationMessages,
  QUERY_CACHE_TIME_MS,
  QueryProvider,
  queryClient,
  useApiMutation,
  useApiQuery,
} from './query.ts';
export {
  CONTROL_CHECK_FOLLOW_MS,
  CONTROL_DATA_ROUTES,
  followControlCheck,
  msUntilNextRefresh,
  refreshControlData,
  startDailyRefresh,
} from './refresh.ts';
export { type OwnerScope, ownerScope, pollWhileRecalculating, RECALCULATION_POLL_MS } from './scope.ts';
