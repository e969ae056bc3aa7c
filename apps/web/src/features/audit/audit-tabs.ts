// Apart from the page component, so the route's search validation does not pull the page into the main bundle.
export const auditTabs = ['events', 'stock-card', 'as-of', 'period', 'verification'] as const;
export type AuditTab = (typeof auditTabs)[number];
