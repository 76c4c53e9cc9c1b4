import { getTranslations } from "next-intl/server";
import Link from "next/link";

// Any unknown path under the base path (spec section 2: the catch-all not-found screen).
export default async function NotFound() {
  const t = await getTranslations("NotFound");
  return (
    <main className="plain-page">
      <div className="plain-card" data-testid="not-found">
        <p className="plain-code">{t("code")}</p>
        <h1 className="plain-title">{t("title")}</h1>
        <p className="plain-text">{t("description")}</p>
        <Link className="plain-button" href="/system/workbench/home">
          {t("backHome")}
        </Link>
      </div>
    </main>
  );
}
