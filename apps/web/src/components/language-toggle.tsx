import { Button, IconButton, Tooltip } from '@radix-ui/themes';
import { useIntl } from 'react-intl';
import { useLanguage } from '../i18n/use-language';
import { GlobeIcon } from './icons';

/**
 * Offers the other language, named in that language, so a reader of either can
 * find it. `compact` shows only the globe (the collapsed sidebar), with the name
 * in a tooltip.
 */
export function LanguageToggle({ compact = false }: { compact?: boolean }) {
  const intl = useIntl();
  const { language, direction, setLanguage } = useLanguage();
  const target = language === 'ar' ? 'en' : 'ar';
  const targetName =
    target === 'ar' ? intl.formatMessage({ id: 'language.ar' }) : intl.formatMessage({ id: 'language.en' });
  const label = intl.formatMessage({ id: 'language.switchTo' }, { language: targetName });

  if (compact) {
    return (
      <Tooltip content={targetName} side={direction === 'rtl' ? 'left' : 'right'}>
        <IconButton variant="soft" color="gray" onClick={() => setLanguage(target)} aria-label={label}>
          <GlobeIcon />
        </IconButton>
      </Tooltip>
    );
  }
  return (
    <Button variant="soft" color="gray" lang={target} onClick={() => setLanguage(target)} aria-label={label}>
      <GlobeIcon />
      {targetName}
    </Button>
  );
}
