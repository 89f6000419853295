// The tour launcher for the top bar (or a help area): a menu of the role's sections in order, each marked when
// completed, unavailable ones explained (no client selected, not on this kind of page, window too small).
// Renders nothing without a signed-in user with a role (spec: the tour exists only for them). Brings its own
// query provider (the shared query client), so it works in the root config's shell as well as in an app.
import { useLingui } from '@lingui/react/macro';
import { Check, Compass } from 'lucide-react';
import { MenuButton } from '../chrome/MenuButton.tsx';
import { QueryProvider } from '../data/query.ts';
import { startTour, type TourStartOptions } from './controller.ts';
import { tourMessages } from './messages.ts';
import { useTourAutoStart, useTourFitsViewport, useTourProgress } from './progress.ts';
import { TOUR_SECTION_TITLES } from './steps.ts';

export interface TourLauncherProps {
  /** Show only the icon (the name stays as the accessible name). */
  compact?: boolean;
  className?: string;
  /** Passed to startTour (stories and tests use their own navigation). */
  startOptions?: TourStartOptions;
}

export function TourLauncher(props: TourLauncherProps) {
  return (
    <QueryProvider>
      <LauncherMenu {...props} />
    </QueryProvider>
  );
}

function LauncherMenu({ compact, className, startOptions }: TourLauncherProps) {
  const { i18n } = useLingui();
  const progress = useTourProgress();
  const { sections } = progress;
  const fits = useTourFitsViewport();
  useTourAutoStart(progress);
  if (!sections.length) return null;
  const name = i18n._(tourMessages.launcher);
  return (
    <MenuButton
      className={['pt-tour-launcher', className].filter(Boolean).join(' ')}
      label={
        <>
          <Compass size={18} aria-hidden="true" />
          {compact ? null : <span className="pt-tour-launcher__label">{name}</span>}
        </>
      }
      buttonProps={{ 'data-testid': 'tour-launcher', 'aria-label': name }}
      header={fits ? undefined : <span className="pt-tour-launcher__note">{i18n._(tourMessages.tooSmall)}</span>}
    >
      {(close) =>
        sections.map(({ section, completed, blocked }) => {
          const disabled = !fits || blocked !== null;
          const reason =
            blocked === 'needs-owner'
              ? i18n._(tourMessages.needsOwner)
              : blocked !== null
                ? i18n._(tourMessages.noPage)
                : undefined;
          return (
            <button
              key={section}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="pt-menu__item pt-tour-launcher__item"
              data-testid={`tour-start-${section}`}
              aria-disabled={disabled || undefined}
              title={fits ? reason : undefined}
              onClick={() => {
                if (disabled) return;
                close();
                startTour(section, startOptions);
              }}
            >
              <span className="pt-tour-launcher__text">
                <span>{i18n._(TOUR_SECTION_TITLES[section])}</span>
                {reason && fits ? <span className="pt-tour-launcher__reason">{reason}</span> : null}
              </span>
              {completed ? (
                <>
                  <Check className="pt-menu__check" size={16} aria-hidden="true" />
                  <span className="pt-sr-only">({i18n._(tourMessages.completed)})</span>
                </>
              ) : null}
            </button>
          );
        })
      }
    </MenuButton>
  );
}
