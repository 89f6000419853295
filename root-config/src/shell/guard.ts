// What the shell does with a location, given the session: pure, so the rules are easy to test.
import { homeFor, isAllowed, matchRoute, type RouteMatch, type SessionState } from '@patrimonio/shared-ui';

export type Decision =
  | { kind: 'callback' }
  | { kind: 'public'; match: RouteMatch }
  | { kind: 'not-found'; backTo: string; signedIn: boolean }
  | { kind: 'loading' }
  | { kind: 'redirect'; to: string; rememberCurrent?: boolean }
  | { kind: 'page'; match: RouteMatch };

export function decide(pathname: string, session: SessionState, storedRedirect: string | null): Decision {
  if (pathname === '/auth/callback') return { kind: 'callback' };
  const match = matchRoute(pathname);
  const role = session.user?.role;
  if (!match) {
    const signedIn = session.status === 'signed-in';
    // Back button: /login if not signed in, /overview for BASIC, /clients for the others.
    const backTo = !signedIn ? '/login' : role === 'BASIC' ? '/overview' : '/clients';
    return { kind: 'not-found', backTo, signedIn };
  }
  if (match.route.public) return { kind: 'public', match };
  if (session.status === 'loading') return { kind: 'loading' };
  if (session.status === 'signed-out') return { kind: 'redirect', to: '/login', rememberCurrent: true };
  if (!session.user) return { kind: 'loading' };
  if (!role) return { kind: 'redirect', to: '/login' };
  if (match.route.page === 'home') {
    const usable =
      storedRedirect && !['/', '/login'].includes(storedRedirect.split('?')[0] ?? '') ? storedRedirect : null;
    return { kind: 'redirect', to: usable ?? homeFor(role) };
  }
  if (!isAllowed(match.route, role)) return { kind: 'redirect', to: '/' };
  return { kind: 'page', match };
}
