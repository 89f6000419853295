// The trial banner of the signed-in user (trial-banner.ts decides what it counts).
import { type Selection, TrialBanner, type UserProfile } from '@patrimonio/shared-ui';
import { useTrialNotices } from './trial-banner.ts';

export function TrialBannerOf({ user, selection }: { user: UserProfile; selection: Selection | null }) {
  return <TrialBanner notices={useTrialNotices(user, selection)} />;
}
