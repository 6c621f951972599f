import type { FolderColor } from '@aide/contracts';
import { t } from '../i18n';

/** Spec §5/§9: the six folder colours, as fixed hues that read on light and dark backgrounds. */
export const FOLDER_COLOR_VALUES: Record<FolderColor, string> = {
  blue: '#1677ff',
  green: '#52c41a',
  purple: '#722ed1',
  orange: '#fa8c16',
  red: '#f5222d',
  gray: '#8c8c8c',
};

/** A folder colour's name, in the reader's language. */
export const colorLabel = (color: FolderColor) => t(`color.${color}`);

/** A tinted background of a colour (12%), for icon badges. */
export const tint = (colour: string, percent = 12) => `color-mix(in srgb, ${colour} ${percent}%, transparent)`;
