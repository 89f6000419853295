// The e2e project's set-up (vitest.config.ts): after each journey, the axe-core checks of the pages it visited
// (support/axe.ts, watchAxe) are awaited, and a serious or critical violation fails it.
import { afterEach } from 'vitest';
import { describeViolation, drainAxe, takeAxeFindings } from './axe.ts';

afterEach(async () => {
  await drainAxe();
  const found = takeAxeFindings();
  if (found.length) {
    throw new Error(
      `axe-core: serious or critical violations on the pages visited\n${found.map(describeViolation).join('\n')}`,
    );
  }
});
