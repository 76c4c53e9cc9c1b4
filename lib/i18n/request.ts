import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { LOCALE_COOKIE, LOCALE_HEADER, isLocale, resolveLocale } from "./config";
import { messagesFor } from "./messages";

// The locale comes from proxy.ts (it sees ?lng=); the cookie and Accept-Language serve requests
// the proxy did not resolve.
export default getRequestConfig(async () => {
  const h = await headers();
  const fromProxy = h.get(LOCALE_HEADER);
  const locale = isLocale(fromProxy) ? fromProxy : resolveLocale({ cookie: (await cookies()).get(LOCALE_COOKIE)?.value, acceptLanguage: h.get("accept-language") });
  return { locale, messages: messagesFor(locale), timeZone: "Asia/Shanghai" };
});
