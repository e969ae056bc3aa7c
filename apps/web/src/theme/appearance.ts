/**
 * The light or dark appearance, a choice each person makes in their own browser (issue 30).
 * Light is the default whatever the system prefers: a pharmacy that changes nothing sees the
 * screens the specification shows. The choice survives reloads under this key; `index.html`
 * reads it before first paint, so a dark page never flashes white.
 */
export const appearances = ['light', 'dark'] as const;
export type Appearance = (typeof appearances)[number];

export const defaultAppearance: Appearance = 'light';
export const appearanceStorageKey = 'pharmacy-appearance';

export function isAppearance(value: unknown): value is Appearance {
  return typeof value === 'string' && (appearances as readonly string[]).includes(value);
}

export function readStoredAppearance(): Appearance {
  try {
    const stored = localStorage.getItem(appearanceStorageKey);
    return isAppearance(stored) ? stored : defaultAppearance;
  } catch {
    // Storage can be unavailable (private modes, blocked cookies): the default is a safe answer.
    return defaultAppearance;
  }
}

export function storeAppearance(appearance: Appearance): void {
  try {
    localStorage.setItem(appearanceStorageKey, appearance);
  } catch {
    // Not being able to remember the choice must not stop the switch itself.
  }
}

/**
 * What lies outside the theme's element follows it too: the browser's own parts (scroll bars,
 * form controls' popups) by `color-scheme`, and the page behind the app before it draws.
 */
export function applyAppearanceToDocument(appearance: Appearance): void {
  const root = document.documentElement;
  root.style.colorScheme = appearance;
  root.dataset.appearance = appearance;
}
