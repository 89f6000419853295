// Storybook: the component catalogue of the portal (shared-ui), built with Rsbuild.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from 'storybook-react-rsbuild';

const here = dirname(fileURLToPath(import.meta.url));

const config: StorybookConfig = {
  // The widgets' API pages (.storybook/widgets/*.mdx, from shared-ui/custom-elements.json) beside the stories.
  stories: ['../shared-ui/src/**/*.stories.tsx', './widgets/*.mdx'],
  // Accessibility checks (axe-core) on every story, the widgets' included: the Accessibility panel.
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y'],
  framework: {
    name: 'storybook-react-rsbuild',
    options: {
      // The Rsbuild side: React, the Lingui macros, the version define and CSS as a string, like the app build.
      builder: { rsbuildConfigPath: join(here, 'rsbuild.config.ts') },
    },
  },
  typescript: { reactDocgen: 'react-docgen' },
  // The legal documents the footer links to, at the path shared-ui serves them from.
  staticDirs: [{ from: '../shared-ui/public/legal', to: '/shared-ui/legal' }],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
};

export default config;
