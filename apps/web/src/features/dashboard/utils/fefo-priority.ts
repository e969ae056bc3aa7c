import { FEFO_CRITICAL_DAYS, FEFO_HIGH_DAYS } from './constants';

export type FefoPriority = 'critical' | 'high' | 'medium';

export interface FefoUrgency {
  priority: FefoPriority;
  /** How full the urgency bar is, in percent. */
  bar: number;
}

/**
 * Specification §4: 7 days or fewer Critical (bar 90%), 8 to 14 High Priority
 * (75%), later Medium, whose bar shrinks with the days left but never below 45%.
 */
export function fefoUrgency(daysToExpiry: number): FefoUrgency {
  if (daysToExpiry <= FEFO_CRITICAL_DAYS) return { priority: 'critical', bar: 90 };
  if (daysToExpiry <= FEFO_HIGH_DAYS) return { priority: 'high', bar: 75 };
  return { priority: 'medium', bar: Math.max(45, 100 - daysToExpiry * 2) };
}
