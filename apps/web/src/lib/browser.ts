/**
 * Full-page navigations the server handles (/api/login, /api/logout). Behind an
 * object so tests can watch them: jsdom cannot navigate, and `window.location`
 * cannot be replaced there.
 */
export const browserNavigation = {
  assign(url: string): void {
    window.location.href = url;
  },
};

/** Specification §2: browser navigation targets the server handles. */
export const LOGIN_URL = '/api/login';
export const LOGOUT_URL = '/api/logout';
