// The single-spa lifecycles of a domain app: its root component is loaded lazily, rendered inside the layout's
// main area with the shared i18n, and shows the page the route table names for the current path.
import { I18nProvider } from '@lingui/react';
import React, { Component, type ComponentType, type ReactNode } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { QueryProvider } from './data/query.ts';
import { startDailyRefresh } from './data/refresh.ts';
import { i18n } from './i18n/i18n.ts';
import { appMountPoint, useLocation } from './navigation.ts';
import { matchRoute, type RouteMatch } from './routes.ts';

export interface PageProps {
  match: RouteMatch;
}

/** Keeps one failing page from taking the layout down; the error is logged for support. */
class PageErrorBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error(error);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** Every app's root: the shared i18n and the shared query cache (refreshed daily at 05:00). */
export function AppRoot({ children }: { children: ReactNode }) {
  startDailyRefresh();
  return (
    <I18nProvider i18n={i18n}>
      <QueryProvider>{children}</QueryProvider>
    </I18nProvider>
  );
}

/**
 * Builds bootstrap/mount/unmount for an app. `loadPages` resolves to the app's pages by route page key;
 * a route whose page the app does not list yet renders `fallback` (the page-title placeholder).
 */
export function microFrontend(options: {
  name: string;
  loadPages: () => Promise<Record<string, ComponentType<PageProps>>>;
  fallback: ComponentType<PageProps>;
  errorFallback: ComponentType;
}) {
  const ErrorFallback = options.errorFallback;
  const loadRootComponent = async () => {
    const pages = await options.loadPages();
    // biome-ignore lint/correctness/noComponentHookFactories: single-spa-react takes one root component per app, made once when it loads
    return function MicroFrontendRoot() {
      const { pathname } = useLocation();
      const match = matchRoute(pathname);
      if (!match) return null;
      const Page = pages[match.route.page] ?? options.fallback;
      return (
        <AppRoot>
          <PageErrorBoundary key={match.route.path} fallback={<ErrorFallback />}>
            <Page match={match} />
          </PageErrorBoundary>
        </AppRoot>
      );
    };
  };
  return singleSpaReact({
    React,
    ReactDOMClient,
    loadRootComponent,
    domElementGetter: () => appMountPoint(options.name),
    errorBoundary: () => (
      <AppRoot>
        <ErrorFallback />
      </AppRoot>
    ),
  });
}

/** Lifecycles of an app that is not a page (a dialog host such as mf-report): one root component. */
export function microFrontendDialog(options: {
  name: string;
  mountPoint: () => HTMLElement;
  loadRoot: () => Promise<ComponentType>;
}) {
  return singleSpaReact({
    React,
    ReactDOMClient,
    loadRootComponent: async () => {
      const Root = await options.loadRoot();
      // biome-ignore lint/correctness/noComponentHookFactories: one root component per app, made once when it loads
      return function DialogHostRoot() {
        return (
          <AppRoot>
            <Root />
          </AppRoot>
        );
      };
    },
    domElementGetter: options.mountPoint,
    errorBoundary: () => <></>,
  });
}
