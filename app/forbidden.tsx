import { getTranslations } from "next-intl/server";
import Link from "next/link";

// A signed-in user opening a screen their roles do not grant (HTTP 403).
export default async function Forbidden() {
  const t = await getTranslations("Forbidden");
  const tn = await getTranslations("NotFound");
  return (
    <main className="plain-page">
      <div className="plain-card" data-testid="forbidden">
        <p className="plain-code">403</p>
        <h1 className="plain-title">{t("title")}</h1>
        <p className="plain-text">{t("description")}</p>
        <Link className="plain-button" href="/system/workbench/home">
          {tn("backHome")}
        </Link>
      </div>
    </main>
  );
}
