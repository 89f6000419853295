import { fn } from 'storybook/test';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { italianProperties, propertiesWithoutCoordinates, UNREACHABLE_TILES, worldwideProperties } from './fixtures.ts';
import { PropertyMap } from './PropertyMap.tsx';

const meta = {
  title: 'Map/PropertyMap',
  component: PropertyMap,
  args: {
    points: italianProperties,
    onSelect: fn(),
    onStateChange: fn(),
    onRenderComplete: fn(),
    height: 420,
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 760 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PropertyMap>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Properties across Italy on OpenStreetMap (over the bundled base layer): the two in Rome form a cluster until
 * zoomed in. A marker click zooms to 17 in 0.5 s and selects the property; Tab into the map lists them as buttons.
 */
export const Default: Story = {};

/** The same in English: the controls, the list and the messages follow the language. */
export const English: Story = { globals: { locale: 'en' } };

/** The selected property (the detail panel's) is ringed on the map and marked in the keyboard list. */
export const Selected: Story = { args: { selectedId: 3 } };

/** The tiles cannot be reached: the error state and its notice, the bundled base layer and markers still shown. */
export const TilesOffline: Story = { args: { tiles: UNREACHABLE_TILES } };

/** The bundled base layer alone (country fills and Italian regions), as the map shows offline. */
export const BaseLayerOnly: Story = { args: { tiles: false } };

/** Properties 225 degrees apart: the widest initial zoom (1 by the spread, held at the minimum zoom 2). */
export const Worldwide: Story = { args: { points: worldwideProperties } };

/** No property has coordinates: a message instead of the map. */
export const NoCoordinates: Story = { args: { points: propertiesWithoutCoordinates } };

/** No property has coordinates, in English. */
export const NoCoordinatesEnglish: Story = {
  args: { points: propertiesWithoutCoordinates },
  globals: { locale: 'en' },
};
