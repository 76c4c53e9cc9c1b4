"use client";

import { useLayoutEffect, useRef } from "react";

/**
 * Keyboard focus goes back to what opened a drawer once it has closed. antd gives it back when
 * the closing motion ends, but its focus lock can pull focus into the closing drawer after
 * that, and the drawer then leaves the page with focus in it: focus lands on the page's body
 * (seen once in CI's e2e). Shortly after the drawer closes, if focus is on the body or on
 * something no longer shown, it goes back to the opener; a place the person moved focus to is
 * left alone.
 */
export function useFocusReturn(open: boolean): void {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  useLayoutEffect(() => {
    if (open) {
      wasOpen.current = true;
      const at = document.activeElement;
      if (at instanceof HTMLElement && at !== document.body) opener.current = at;
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    const el = opener.current;
    if (!el) return;
    // The closing motion takes 0.3 s; check after it, and once more after a slow frame.
    const timers = [350, 800].map((ms) =>
      window.setTimeout(() => {
        const at = document.activeElement;
        const lost = !(at instanceof HTMLElement) || at === document.body || !at.checkVisibility();
        if (lost && el.isConnected) el.focus({ preventScroll: true });
      }, ms),
    );
    return () => timers.forEach((t) => window.clearTimeout(t));
  }, [open]);
}
