import { useCallback, useEffect, useState } from 'react';
import { useMediaQuery } from './use-media-query';

/** Specification §9: sidebar constants. The widths themselves live in styles.css. */
export const MOBILE_BREAKPOINT_PX = 768;
export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 7;

/** The remembered choice; open unless the cookie says otherwise. */
export function readSidebarCookie(cookie: string = document.cookie): boolean {
  const prefix = `${SIDEBAR_COOKIE_NAME}=`;
  const entry = cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix));
  return entry?.slice(prefix.length) !== 'false';
}

export function writeSidebarCookie(open: boolean): void {
  document.cookie = `${SIDEBAR_COOKIE_NAME}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}

export interface SidebarState {
  isMobile: boolean;
  /** Desktop: expanded (16rem) or icons only (3rem). Remembered in the cookie. */
  open: boolean;
  /** Phone: the slide-in sheet. Starts closed and is not remembered. */
  openMobile: boolean;
  setOpenMobile(open: boolean): void;
  toggle(): void;
}

export function useSidebarState(): SidebarState {
  const isMobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
  const [open, setOpen] = useState(() => readSidebarCookie());
  const [openMobile, setOpenMobile] = useState(false);

  const toggle = useCallback(() => {
    if (isMobile) {
      setOpenMobile((current) => !current);
    } else {
      writeSidebarCookie(!open);
      setOpen(!open);
    }
  }, [isMobile, open]);

  // Ctrl+B, or Cmd+B on a Mac. `code` keeps it working on an Arabic keyboard layout, where the key prints "لا".
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      if (event.key.toLowerCase() !== 'b' && event.code !== 'KeyB') return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  return { isMobile, open, openMobile, setOpenMobile, toggle };
}
