// The report options of the selected client or family (portal-and-report 4 "Report options", 6 and 7): BASIC keeps
// them in this browser tab and passes them to the report; the other roles read and save them on the server
// (GET and POST /user/settings-report, the GET not retried) and refetch after saving.
import {
  type PortfolioMenuItem,
  REPORT_SECTIONS,
  type ReportSection,
  type ReportSettings,
} from '@patrimonio/shared-api';
import { mutationMessages, useApiMutation, useApiQuery } from '@patrimonio/shared-ui';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  initialOptionsState,
  type OptionsAction,
  type OptionsState,
  optionsReducer,
  optionsStorage,
} from '../logic/options.ts';
import { eligiblePortfolios } from '../logic/portfolios.ts';
import type { ReportContext } from './use-report-context.ts';

const storageKey = (ctx: ReportContext) => `patrimonio.report-options.${ctx.scope.kind}.${ctx.scope.id}`;

/** The options kept in the tab (sessionStorage) for a BASIC user, or null when none (or unreadable). */
export function readLocalOptions(key: string): ReportSettings | null {
  try {
    const raw = window.sessionStorage.getItem(key);
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (!value || typeof value !== 'object') return null;
    const { sections, portfolios } = value as Record<string, unknown>;
    if (!Array.isArray(sections) || !Array.isArray(portfolios)) return null;
    return {
      sections: sections.filter((s): s is ReportSection => (REPORT_SECTIONS as readonly unknown[]).includes(s)),
      portfolios: portfolios.filter((id): id is number => Number.isInteger(id)),
    };
  } catch {
    return null;
  }
}

function writeLocalOptions(key: string, settings: ReportSettings): void {
  try {
    window.sessionStorage.setItem(key, JSON.stringify(settings));
  } catch {
    // Storage full or disabled: the options still hold in the dialog until the page is left.
  }
}

export interface ReportOptions {
  /** Null until the menu and the settings are known. */
  state: OptionsState | null;
  dispatch: (action: OptionsAction) => void;
  /** Saves the current selection (locally or on the server); resolves true when saved. */
  save: () => Promise<boolean>;
  saving: boolean;
}

export function useReportOptions(ctx: ReportContext, menu: readonly PortfolioMenuItem[] | undefined): ReportOptions {
  const local = optionsStorage(ctx.role) === 'local';
  const key = storageKey(ctx);
  const settingsQuery = useApiQuery(
    'getReportSettings',
    { query: ctx.query },
    // Spec 7: the settings are not retried on failure; a failure leaves the defaults.
    { enabled: !local, retry: false },
  );
  const saveMutation = useApiMutation('saveReportSettings', {
    success: mutationMessages.edited,
    invalidate: ['getReportSettings'],
  });
  const [localSettings, setLocalSettings] = useState(() => (local ? readLocalOptions(key) : null));

  // undefined while loading; null when there are none (the defaults apply).
  const settings: ReportSettings | null | undefined = local
    ? localSettings
    : settingsQuery.isError
      ? null
      : settingsQuery.data;

  const [state, setState] = useState<OptionsState | null>(null);
  // (Re)started from what is saved: on load, and after a save (the server's answer refetched).
  useEffect(() => {
    if (!menu || settings === undefined) return;
    setState(initialOptionsState(settings, menu, eligiblePortfolios(menu)));
  }, [menu, settings]);

  const dispatch = useCallback(
    (action: OptionsAction) => setState((current) => (current ? optionsReducer(current, action) : current)),
    [],
  );

  const save = useCallback(async (): Promise<boolean> => {
    if (!state) return false;
    const selection = state.current;
    if (local) {
      writeLocalOptions(key, selection);
      setLocalSettings(selection);
      return true;
    }
    try {
      const saved = await saveMutation.mutateAsync({ query: ctx.query, body: selection });
      dispatch({ type: 'saved', settings: saved });
      return true;
    } catch {
      // The wrapper showed the error toast; the selection stays for another try.
      return false;
    }
  }, [state, local, key, saveMutation, ctx.query, dispatch]);

  return useMemo(
    () => ({ state, dispatch, save, saving: saveMutation.isPending }),
    [state, dispatch, save, saveMutation.isPending],
  );
}
