import type { SVGProps } from 'react';
import { ICON_SPRITE_PATH, type IconName } from './icon-shapes';

type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;

/**
 * Decorative icons: always hidden from assistive technology; the text next to them carries the
 * meaning. Each is a reference into the cached sprite (/icons.svg), so a page with a hundred
 * icons carries a hundred short <use> elements instead of their drawings.
 */
function Icon({ icon, ...props }: IconProps & { icon: IconName }) {
  return (
    <svg width="20" height="20" aria-hidden="true" focusable="false" {...props}>
      <use href={`${ICON_SPRITE_PATH}#${icon}`} />
    </svg>
  );
}

export const PersonsIcon = (p: IconProps) => <Icon icon="persons" {...p} />;
export const BedIcon = (p: IconProps) => <Icon icon="bed" {...p} />;
export const BathIcon = (p: IconProps) => <Icon icon="bath" {...p} />;
export const PawIcon = (p: IconProps) => <Icon icon="paw" {...p} />;
export const AreaIcon = (p: IconProps) => <Icon icon="area" {...p} />;
export const CarIcon = (p: IconProps) => <Icon icon="car" {...p} />;
export const CheckIcon = (p: IconProps) => <Icon icon="check" {...p} />;
export const CrossIcon = (p: IconProps) => <Icon icon="cross" {...p} />;
export const ChevronLeftIcon = (p: IconProps) => <Icon icon="chevron-left" {...p} />;
export const ChevronRightIcon = (p: IconProps) => <Icon icon="chevron-right" {...p} />;
export const ChevronDownIcon = (p: IconProps) => <Icon icon="chevron-down" {...p} />;
export const InfoIcon = (p: IconProps) => <Icon icon="info" {...p} />;
export const AlertIcon = (p: IconProps) => <Icon icon="alert" {...p} />;
export const ExpandIcon = (p: IconProps) => <Icon icon="expand" {...p} />;
export const HomeIcon = (p: IconProps) => <Icon icon="home" {...p} />;
export const CalendarIcon = (p: IconProps) => <Icon icon="calendar" {...p} />;
