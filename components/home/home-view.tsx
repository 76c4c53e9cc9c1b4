"use client";

import Link from "next/link";
import { useFormatter, useLocale, useNow, useTranslations } from "next-intl";
import type { HomeData } from "@/lib/home/queries";
import { menuIcon } from "@/components/shell/menu-icon";
import { Panel } from "@/components/ui/panel";
import { prefetchRoute } from "@/lib/client/server-loader";
import styles from "./home-view.module.css";

export function HomeView({ data }: { data: HomeData }) {
  const t = useTranslations("Home");
  const th = useTranslations("Header");
  const locale = useLocale();
  const format = useFormatter();
  const now = useNow();
  const zh = locale === "zh-CN";
  const { account } = data;
  const company = account.company ? (zh ? account.company.nameZh : account.company.nameEn) : null;
  const facts: [string, React.ReactNode][] = [
    [t("accountName"), account.name],
    [t("accountId"), account.account],
    [t("accountType"), th("userType", { type: account.userType })],
    ...(company ? [[t("accountCompany"), `${company} (${account.company!.code})`] as [string, string]] : []),
    [t("accountRoles"), account.roles.map((r) => <span key={r.code} className={styles.tag}>{zh ? r.nameZh : r.nameEn}</span>)],
  ];

  return (
    <div className={styles.home}>
      <section className={styles.hero}>
        <div>
          <h2 className={styles.heroTitle} data-testid="home-welcome">{t("welcome", { name: account.name })}</h2>
          <p className={styles.heroText}>{company ? t("workingIn", { company }) : t("staffIntro", { type: th("userType", { type: account.userType }) })}</p>
        </div>
        <p className={styles.heroDate}>{t("today", { date: format.dateTime(now, { dateStyle: "full" }) })}</p>
      </section>

      <div className={styles.grid}>
        <Panel title={t("modules")}>
          {data.tiles.length === 0 ? (
            <p className={styles.empty} data-testid="home-no-tiles">{t("noModules")}</p>
          ) : (
            <div className={styles.tiles} data-testid="home-tiles">
              {data.tiles.map((tile) => (
                <Link key={tile.key} href={"/" + tile.path} className={styles.tile} onMouseEnter={() => prefetchRoute(tile.path)} data-testid={`tile-${tile.key}`}>
                  <span className={styles.tileIcon}>{menuIcon(tile.icon)}</span>
                  <span className={styles.tileName}>{zh ? tile.nameZh : tile.nameEn}</span>
                </Link>
              ))}
            </div>
          )}
        </Panel>
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
  );
}
