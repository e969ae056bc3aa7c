import { afterEach, describe, expect, it } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FormattedMessage } from 'react-intl';
import { LanguageProvider } from './language-provider';
import { languageStorageKey } from './languages';
import { useLanguage } from './use-language';

function Probe() {
  const { language, direction, setLanguage } = useLanguage();
  return (
    <div>
      <p data-testid="state">{`${language} ${direction}`}</p>
      <p>
        <FormattedMessage id="locations.title" />
      </p>
      <button type="button" onClick={() => setLanguage(language === 'ar' ? 'en' : 'ar')}>
        switch
      </button>
    </div>
  );
}

afterEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('dir');
  document.documentElement.removeAttribute('lang');
});

describe('LanguageProvider', () => {
  it('starts in English, left to right, when nothing is stored', () => {
    render(
      <LanguageProvider>
        <Probe />
      </LanguageProvider>,
    );
    expect(screen.getByTestId('state').textContent).toBe('en ltr');
    expect(screen.getByText('Pharmacy Locations')).toBeTruthy();
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.documentElement.lang).toBe('en');
  });

  it('switches the text, the document direction and language, and remembers the choice', () => {
    render(
      <LanguageProvider>
        <Probe />
      </LanguageProvider>,
    );
    act(() => screen.getByRole('button', { name: 'switch' }).click());
    expect(screen.getByText('مواقع الصيدليات')).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(localStorage.getItem(languageStorageKey)).toBe('ar');
  });

  it('counts in Arabic with Arabic plural forms and Western digits', () => {
    render(
      <LanguageProvider initialLanguage="ar">
        <FormattedMessage id="locations.count" values={{ count: 2 }} />
        {' | '}
        <FormattedMessage id="locations.count" values={{ count: 3 }} />
        {' | '}
        <FormattedMessage id="locations.count" values={{ count: 11 }} />
      </LanguageProvider>,
    );
    expect(document.body.textContent).toBe('موقعان | 3 مواقع | 11 موقعًا');
  });

  it('starts from the stored language and ignores values it does not know', () => {
    localStorage.setItem(languageStorageKey, 'ar');
    const { unmount } = render(
      <LanguageProvider>
        <Probe />
      </LanguageProvider>,
    );
    expect(screen.getByTestId('state').textContent).toBe('ar rtl');
    unmount();

    localStorage.setItem(languageStorageKey, 'fr');
    render(
      <LanguageProvider>
        <Probe />
      </LanguageProvider>,
    );
    expect(screen.getByTestId('state').textContent).toBe('en ltr');
  });
});

describe('the installation default language', () => {
  function DefaultProbe({ installationDefault }: { installationDefault: 'en' | 'ar' }) {
    const { language, adoptDefaultLanguage } = useLanguage();
    return (
      <button type="button" onClick={() => adoptDefaultLanguage(installationDefault)}>
        {language}
      </button>
    );
  }

  it('applies while the browser has no choice of its own, without remembering it', () => {
    render(
      <LanguageProvider>
        <DefaultProbe installationDefault="ar" />
      </LanguageProvider>,
    );
    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('button').textContent).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(localStorage.getItem(languageStorageKey)).toBeNull();
  });

  it('gives way to the language the person chose', () => {
    localStorage.setItem(languageStorageKey, 'en');
    render(
      <LanguageProvider>
        <DefaultProbe installationDefault="ar" />
      </LanguageProvider>,
    );
    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('button').textContent).toBe('en');
  });
});

describe('index.html', () => {
  // The inline script must agree with the provider, or the page flips direction after loading.
  const html = readFileSync(join(__dirname, '../../index.html'), 'utf8');
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';

  it.each([
    ['ar', 'rtl', 'ar'],
    ['en', 'ltr', 'en'],
    [null, 'ltr', 'en'],
    ['fr', 'ltr', 'en'],
  ])('applies the stored language %p before the app loads', (stored, dir, lang) => {
    if (stored) localStorage.setItem(languageStorageKey, stored);
    new Function(script)();
    expect(document.documentElement.dir).toBe(dir);
    expect(document.documentElement.lang).toBe(lang);
  });
});
