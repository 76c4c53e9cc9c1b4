import type { Locale } from "@/lib/i18n/config";
import type { AllMessages } from "@/lib/i18n/messages";

// next-intl checks every message key and namespace against the en-US files at compile time:
// a missing or misspelt key fails `tsc`, not a screen.
declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: AllMessages;
  }
}
