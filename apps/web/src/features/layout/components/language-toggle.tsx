import { Button } from '@radix-ui/themes';
import { useIntl } from 'react-intl';
import { GlobeIcon } from '../../../components/icons';
import { useLanguage } from '../../../i18n/use-language';

/** Offers the other language, named in that language, so a reader of either can find it. */
export function LanguageToggle() {
  const intl = useIntl();
  const { language, setLanguage } = useLanguage();
  const target = language === 'ar' ? 'en' : 'ar';
  const targetName =
    target === 'ar' ? intl.formatMessage({ id: 'language.ar' }) : intl.formatMessage({ id: 'language.en' });

  return (
    <Button
      variant="soft"
      color="gray"
      lang={target}
      onClick={() => setLanguage(target)}
      aria-label={intl.formatMessage({ id: 'language.switchTo' }, { language: targetName })}
    >
      <GlobeIcon />
      {targetName}
    </Button>
  );
}
