// The icon names a menu may carry: those components/shell/menu-icon.tsx bundles. Kept as plain
// data so the schemas (also parsed on the server) do not import React icon components;
// icon-names.test.ts keeps the two lists equal.
export const MENU_ICONS = ["home", "history", "shop", "car", "tool", "environment", "customer-service", "database", "team", "notification", "download", "setting"] as const;
