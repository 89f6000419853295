import { Trans } from '@lingui/react/macro';
import { PagePlaceholder, type PageProps, usePageTitle } from '@patrimonio/shared-ui';

/** A page whose issue is still to come: its title as a heading and nothing else. */
export function Placeholder({ match }: PageProps) {
  usePageTitle(match.route.title);
  return <PagePlaceholder title={match.route.title} />;
}

export function ErrorNotice() {
  return (
    <p role="alert">
      <Trans>Impossibile caricare la pagina: ricaricala o riprova tra qualche istante.</Trans>
    </p>
  );
}
