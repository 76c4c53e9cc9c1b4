/** "Chrome · Android" from a user agent, for a person to recognise their own devices. */
export function deviceOf(ua: string | null): string | null {
  if (!ua) return null;
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /MicroMessenger/.test(ua)
      ? "WeChat"
      : /Firefox\//.test(ua)
        ? "Firefox"
        : /Chrome\/|Chromium\//.test(ua)
          ? "Chrome"
          : /Safari\//.test(ua)
            ? "Safari"
            : null;
  const os = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad|iPod/.test(ua)
      ? "iOS"
      : /HarmonyOS|OpenHarmony/.test(ua)
        ? "HarmonyOS"
        : /Windows/.test(ua)
          ? "Windows"
          : /Mac OS X|Macintosh/.test(ua)
            ? "macOS"
            : /Linux/.test(ua)
              ? "Linux"
              : null;
  const out = [browser, os].filter(Boolean).join(" · ");
  return out || ua.slice(0, 60);
}
