import { IconButton, Tooltip } from '@radix-ui/themes';
import { useIntl } from 'react-intl';
import { useLanguage } from '../i18n/use-language';
import { useAppearance } from '../theme/appearance-provider';
import { MoonIcon } from './icons';

/**
 * The dark theme, on or off: an icon button beside the language switch, named "Dark theme" in
 * both the tooltip and its accessible name, with `aria-pressed` saying whether it is on.
 * `beside` puts the tooltip at the button's inline end (the sidebar) instead of below it.
 */
export function AppearanceToggle({ beside = false }: { beside?: boolean }) {
  const intl = useIntl();
  const { direction } = useLanguage();
  const { appearance, setAppearance } = useAppearance();
  const dark = appearance === 'dark';
  const label = intl.formatMessage({ id: 'appearance.dark' });
  const side = beside ? (direction === 'rtl' ? 'left' : 'right') : 'bottom';
  return (
    <Tooltip content={label} side={side}>
      <IconButton
        variant={dark ? 'solid' : 'soft'}
        color="gray"
        onClick={() => setAppearance(dark ? 'light' : 'dark')}
        aria-pressed={dark}
        aria-label={label}
      >
        <MoonIcon />
      </IconButton>
    </Tooltip>
  );
}
