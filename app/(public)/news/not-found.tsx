import { getTranslations } from "next-intl/server";
import { BASE_PATH } from "@/lib/client/base-path";
import styles from "@/components/news/public/public.module.css";

// An unknown, withdrawn or not yet published article, or a list page past the last.
export default async function NewsNotFound() {
  const t = await getTranslations("NewsPublic");
  return (
    <div className={styles.notFound} data-testid="news-not-found">
      <h1>{t("notFoundTitle")}</h1>
      <p>{t("notFoundText")}</p>
      <a className={styles.signIn} href={`${BASE_PATH}/news`}>
        {t("backToList")}
      </a>
    </div>
  );
}
