import { useCallback, useState } from 'react';

export type DashboardAlert = 'lowStock' | 'expiry';

/** Specification §4: a dismissed alert stays away for the browser session (this tab), not longer. */
export const DISMISSED_ALERTS_KEY = 'pharmacy-dashboard-dismissed-alerts';

// Where session storage is unavailable (blocked storage, some private modes) a
// dismissal lasts as long as the page instead.
const withoutStorage = new Set<DashboardAlert>();

function readDismissed(): Set<DashboardAlert> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(DISMISSED_ALERTS_KEY) ?? '[]');
    return new Set(
      Array.isArray(stored)
        ? stored.filter((kind): kind is DashboardAlert => kind === 'lowStock' || kind === 'expiry')
        : [],
    );
  } catch {
    return new Set(withoutStorage);
  }
}

function storeDismissed(dismissed: ReadonlySet<DashboardAlert>): void {
  try {
    sessionStorage.setItem(DISMISSED_ALERTS_KEY, JSON.stringify([...dismissed]));
  } catch {
    for (const alert of dismissed) withoutStorage.add(alert);
  }
}

export function useDismissedAlerts(): {
  isDismissed(alert: DashboardAlert): boolean;
  dismiss(alert: DashboardAlert): void;
} {
  const [dismissed, setDismissed] = useState(readDismissed);
  const dismiss = useCallback(
    (alert: DashboardAlert) => {
      const next = new Set(dismissed).add(alert);
      storeDismissed(next);
      setDismissed(next);
    },
    [dismissed],
  );
  const isDismissed = useCallback((alert: DashboardAlert) => dismissed.has(alert), [dismissed]);
  return { isDismissed, dismiss };
}
