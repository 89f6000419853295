// Human capital (/human-capital for BASIC, /client/:id/human-capital, /family/:familyId/human-capital; issue 18,
// spec data-and-admin sections 2, 3 and 9): the figure (GET /human-capital/summary) with its settings, the planned
// flows, the flows recorded per date (default range: the start of the month one year ago to today) and the life
// insurance policies, 5 rows a page each. Every role that opens the page writes (a BASIC user on its own data); in a
// family view each table names the owner and a new row is given to a member.
import { Trans } from '@lingui/react/macro';
import { ownerScope, PageHeader, type PageProps } from '@patrimonio/shared-ui';
import { useMemo } from 'react';
import { FlowsSection } from './FlowsSection.tsx';
import { PoliciesSection } from './PoliciesSection.tsx';
import { RecordsSection } from './RecordsSection.tsx';
import { SummarySection } from './SummarySection.tsx';
import { injectHumanCapitalStyles } from './styles.ts';

injectHumanCapitalStyles();

export function HumanCapitalPage({ match }: PageProps) {
  const scope = useMemo(() => ownerScope(match), [match]);
  return (
    <div className="pt-page hc-page" data-testid="human-capital-page">
      <PageHeader
        title={match.route.title}
        subtitle={
          <Trans>
            Le entrate e le uscite previste fuori dai portafogli, quelle registrate e le polizze vita: il capitale umano
            è il valore attuale dei flussi netti previsti fino alla pensione.
          </Trans>
        }
      />
      <SummarySection scope={scope} />
      <FlowsSection scope={scope} />
      <RecordsSection scope={scope} />
      <PoliciesSection scope={scope} />
    </div>
  );
}
