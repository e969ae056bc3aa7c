import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppearanceToggle } from '../components/appearance-toggle';
import { renderWithProviders } from '../test/render';
import { appearanceStorageKey } from './appearance';

const themeRoot = () => document.querySelector('.radix-themes[data-is-root-theme="true"]');

describe('the dark theme', () => {
  it('is off by default, even where the system prefers dark: the screens stay as the specification shows them', () => {
    const matchMedia = jest.fn((query: string) => ({ matches: query.includes('dark'), media: query }));
    Object.defineProperty(window, 'matchMedia', { configurable: true, value: matchMedia });
    try {
      renderWithProviders(<AppearanceToggle />);
      expect(themeRoot()?.classList.contains('light')).toBe(true);
      expect(screen.getByRole('button', { name: 'Dark theme' }).getAttribute('aria-pressed')).toBe('false');
      expect(document.documentElement.dataset.appearance).toBe('light');
    } finally {
      Reflect.deleteProperty(window, 'matchMedia');
    }
  });

  it('turns on with its button, is remembered in this browser, and the page behind the app follows', () => {
    renderWithProviders(<AppearanceToggle />);
    fireEvent.click(screen.getByRole('button', { name: 'Dark theme' }));
    expect(themeRoot()?.classList.contains('dark')).toBe(true);
    expect(screen.getByRole('button', { name: 'Dark theme' }).getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem(appearanceStorageKey)).toBe('dark');
    expect(document.documentElement.dataset.appearance).toBe('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');

    fireEvent.click(screen.getByRole('button', { name: 'Dark theme' }));
    expect(themeRoot()?.classList.contains('light')).toBe(true);
    expect(localStorage.getItem(appearanceStorageKey)).toBe('light');
  });

  it('starts from the choice remembered, and is named in Arabic too', () => {
    localStorage.setItem(appearanceStorageKey, 'dark');
    renderWithProviders(<AppearanceToggle />, { language: 'ar' });
    expect(themeRoot()?.classList.contains('dark')).toBe(true);
    expect(screen.getByRole('button', { name: 'الوضع الداكن' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('falls back to light when what is stored is not an appearance', () => {
    localStorage.setItem(appearanceStorageKey, 'sepia');
    renderWithProviders(<AppearanceToggle />);
    expect(themeRoot()?.classList.contains('light')).toBe(true);
  });
});

describe('index.html', () => {
  // The inline script must agree with the provider, or a dark page flashes white before the app draws.
  const html = readFileSync(join(__dirname, '../../index.html'), 'utf8');
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';

  it.each([
    ['dark', 'dark'],
    ['light', 'light'],
    [null, 'light'],
    ['sepia', 'light'],
  ])('applies the stored appearance %p before the app loads', (stored, appearance) => {
    if (stored) localStorage.setItem(appearanceStorageKey, stored);
    new Function(script)();
    expect(document.documentElement.dataset.appearance).toBe(appearance);
    expect(document.documentElement.style.colorScheme).toBe(appearance);
  });
});
