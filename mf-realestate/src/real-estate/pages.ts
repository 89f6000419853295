// The real-estate page (route page key 'real-estate'). Written by issue 6.
import type { PageProps } from '@patrimonio/shared-ui';
import type { ComponentType } from 'react';

export const realEstatePages: Record<string, ComponentType<PageProps>> = {};
