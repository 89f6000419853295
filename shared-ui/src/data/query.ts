// Server data for every app: one TanStack Query client in the page (shared-ui is a single copy), typed calls
// from the shared-api contract. Spec section 7: infinite staleness, cache time 10,800,000 ms, no refetch on
// window focus, 3 retries (none for 4xx answers: they will not change). A busy server's 503 with Retry-After (the
// analytics' bounded queue) is asked again by the typed client itself, after the seconds it names and 3 times at most
// (shared-api client.ts), for these hooks and the report alike; it comes here only once those are spent, and is not
// retried again.

import { msg } from '@lingui/core/macro';
import { ApiError, type RequestOf, type ResponseOf, type RouteName } from '@patrimonio/shared-api';
import {
  QueryClient,
  QueryClientProvider,
  type QueryKey,
  type UseQueryOptions,
  useMutation,
  useQuery,
} from '@tanstack/react-query';
import { createElement, type ReactNode } from 'react';
import { api } from '../api.ts';
import { type ToastMessage, toast } from '../chrome/toast.ts';

export const QUERY_CACHE_TIME_MS = 10_800_000;

/** Whether a failed query is tried again: 3 times, not for a 4xx, nor for a 503 the client already retried. */
export function shouldRetry(failures: number, error: unknown): boolean {
  if (error instanceof ApiError && (error.status < 500 || (error.status === 503 && error.retryAfter !== null)))
    return false;
  return failures < 3;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: QUERY_CACHE_TIME_MS,
      refetchOnWindowFocus: false,
      retry: (failures, error) => shouldRetry(failures, error),
    },
    mutations: { retry: false },
  },
});

export function QueryProvider({ children }: { children: ReactNode }) {
  return createElement(QueryClientProvider, { client: queryClient }, children);
}

/**
 * The cache key of a call: its route name and request (params, query, and the body of a read that takes one, such
 * as the movement list's filters: another body is another answer).
 */
export const apiKey = <N extends RouteName>(name: N, request?: RequestOf<N>): QueryKey =>
  request
    ? [name, request.params ?? null, request.query ?? null, ...(request.body === undefined ? [] : [request.body])]
    : [name];

/** A GET from the contract, cached by name and request. `enabled: false` waits (e.g. until a client is chosen). */
export function useApiQuery<N extends RouteName>(
  name: N,
  request?: RequestOf<N>,
  options: Omit<UseQueryOptions<ResponseOf<N>, Error>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery<ResponseOf<N>, Error>({
    queryKey: apiKey(name, request),
    queryFn: () => api(name, request),
    ...options,
  });
}

/** Default success messages of the generic wrapper (spec section 8). */
export const mutationMessages = {
  added: msg`Aggiunto correttamente`,
  edited: msg`Modificato correttamente`,
  deleted: msg`Eliminato correttamente`,
  loading: msg`Salvataggio in corso…`,
};

export interface ApiMutationOptions<N extends RouteName> {
  /** Success toast; none when null. */
  success?: ToastMessage | ((value: ResponseOf<N>) => ToastMessage) | null;
  /** Error toast for a failure; the generic error_500 when it returns undefined. */
  error?: (error: unknown) => ToastMessage | undefined;
  /** Route names whose cached answers are refetched after success (spec: the affected data is refetched). */
  invalidate?: ReadonlyArray<RouteName>;
  /** No loading toast. */
  quiet?: boolean;
}

/**
 * A write from the contract through the generic wrapper: a loading toast, then the success toast (or the error
 * toast), then the affected queries refetched.
 */
export function useApiMutation<N extends RouteName>(name: N, options: ApiMutationOptions<N> = {}) {
  return useMutation<ResponseOf<N>, unknown, RequestOf<N>>({
    mutationFn: (request) =>
      toast.promise(api(name, request), {
        loading: options.quiet ? undefined : mutationMessages.loading,
        success: options.success === null ? undefined : (options.success ?? undefined),
        error: (e) => options.error?.(e) ?? undefined,
      }),
    onSuccess: async () => {
      await Promise.all((options.invalidate ?? []).map((n) => queryClient.invalidateQueries({ queryKey: [n] })));
    },
  });
}

/** The HTTP status of a failed call, if it was an API answer. */
export const errorStatus = (error: unknown): number | undefined =>
  error instanceof ApiError ? error.status : undefined;

/** The `code` of an API error body (e.g. duplicate_client). */
export const errorCode = (error: unknown): string | undefined =>
  error instanceof ApiError ? ((error.body as { code?: string } | null)?.code ?? undefined) : undefined;
