import { createContext, use, useCallback, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { applyAppearanceToDocument, readStoredAppearance, storeAppearance, type Appearance } from './appearance';

export interface AppearanceContextValue {
  appearance: Appearance;
  /** The person's own choice: applied and remembered in this browser. */
  setAppearance(appearance: Appearance): void;
}

const AppearanceContext = createContext<AppearanceContextValue | null>(null);

export function AppearanceProvider({
  children,
  initialAppearance,
}: {
  children: ReactNode;
  /** For tests; the app starts from the stored choice. */
  initialAppearance?: Appearance;
}) {
  const [appearance, setShown] = useState<Appearance>(() => initialAppearance ?? readStoredAppearance());
  useLayoutEffect(() => applyAppearanceToDocument(appearance), [appearance]);
  const setAppearance = useCallback((next: Appearance) => {
    storeAppearance(next);
    setShown(next);
  }, []);
  const value = useMemo(() => ({ appearance, setAppearance }), [appearance, setAppearance]);
  return <AppearanceContext value={value}>{children}</AppearanceContext>;
}

export function useAppearance(): AppearanceContextValue {
  const value = use(AppearanceContext);
  if (!value) throw new Error('useAppearance must be used inside <AppearanceProvider>');
  return value;
}
