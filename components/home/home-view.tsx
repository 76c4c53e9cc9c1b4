import { getFormatter, getLocale, getTranslations } from "next-intl/server";
import type { HomeData } from "@/lib/home/queries";
import { Panel } from "@/components/ui/panel";
import { HomeTiles } from "./home-tiles";
import { LatestNews } from "./latest-news";
import { WorkQueues } from "./work-queues";
import styles from "./home-view.module.css";

// The workbench home, rendered on the server: no client code of its own. Tiles and figures are
// plain links, so the shell's route watcher opens each screen in the tab bar.
export async function HomeView({ data, now }: { data: HomeData; now: Date }) {
  const [t, th, format, locale] = await Promise.all([getTranslations("Home"), getTranslations("Header"), getFormatter(), getLocale()]);
  const zh = locale === "zh-CN";
  const { account } = data;
  const company = account.company ? (zh ? account.company.nameZh : account.company.nameEn) : null;
  const facts: [string, React.ReactNode][] = [
    [t("accountName"), account.name],
    [t("accountId"), account.account],
    [t("accountType"), th("userType", { type: account.userType })],
    ...(company ? [[t("accountCompany"), `${company} (${account.company!.code})`] as [string, string]] : []),
    [
      t("accountRoles"),
      account.roles.map((r) => (
        <span key={r.code} className={styles.tag}>
          {zh ? r.nameZh : r.nameEn}
        </span>
      )),
    ],
  ];

  return (
    <div className={styles.home}>
      <section className={styles.hero}>
        <div>
          <h2 className={styles.heroTitle} data-testid="home-welcome">
            {t("welcome", { name: account.name })}
          </h2>
          <p className={styles.heroText}>{company ? t("workingIn", { company }) : t("staffIntro", { type: th("userType", { type: account.userType }) })}</p>
        </div>
        <p className={styles.heroDate}>{t("today", { date: format.dateTime(now, { dateStyle: "full" }) })}</p>
      </section>

      {data.work.length > 0 && <WorkQueues work={data.work} />}

      <div className={styles.grid}>
        <Panel title={t("modules")}>
          {data.tiles.length === 0 ? (
            <p className={styles.empty} data-testid="home-no-tiles">
              {t("noModules")}
            </p>
          ) : (
            <HomeTiles tiles={data.tiles} zh={zh} />
          )}
        </Panel>
        <div className={styles.side}>
          {data.news && <LatestNews news={data.news} zh={zh} />}
          <Panel title={t("accountCard")}>
            <dl className={styles.facts}>
              {facts.map(([label, value]) => (
                <div key={label} className={styles.fact}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </Panel>
        </div>
      </div>
    </div>
  );
}
