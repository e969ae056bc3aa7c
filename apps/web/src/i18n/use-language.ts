import { use } from 'react';
import { LanguageContext, type LanguageContextValue } from './language-provider';

export function useLanguage(): LanguageContextValue {
  const value = use(LanguageContext);
  if (!value) throw new Error('useLanguage must be used inside <LanguageProvider>');
  return value;
}
