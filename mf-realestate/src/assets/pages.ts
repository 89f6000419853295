// The family business ('family-business') and art and luxury ('art-luxury') pages. Written by issue 6.
import type { PageProps } from '@patrimonio/shared-ui';
import type { ComponentType } from 'react';

export const assetPages: Record<string, ComponentType<PageProps>> = {};
