"use client";

import { Card, Col, Descriptions, Empty, Row, Tag, Typography } from "antd";
import Link from "next/link";
import { useFormatter, useLocale, useNow, useTranslations } from "next-intl";
import type { HomeData } from "@/lib/home/queries";
import { menuIcon } from "@/components/shell/menu-icon";
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

  return (
    <div className={styles.home}>
      <section className={styles.hero}>
        <div>
          <Typography.Title level={2} style={{ margin: 0, color: "#fff" }} data-testid="home-welcome">
            {t("welcome", { name: account.name })}
          </Typography.Title>
          <p className={styles.heroText}>{company ? t("workingIn", { company }) : t("staffIntro", { type: th("userType", { type: account.userType }) })}</p>
        </div>
        <p className={styles.heroDate}>{t("today", { date: format.dateTime(now, { dateStyle: "full" }) })}</p>
      </section>

      <Row gutter={[20, 20]}>
        <Col xs={24} xl={16}>
          <Card title={t("modules")} variant="borderless" className={styles.card}>
            {data.tiles.length === 0 ? (
              <Empty description={t("noModules")} data-testid="home-no-tiles" />
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
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card title={t("accountCard")} variant="borderless" className={styles.card}>
            <Descriptions column={1} size="small" colon={false} styles={{ label: { width: 110, color: "rgba(0,0,0,0.5)" } }}>
              <Descriptions.Item label={t("accountName")}>{account.name}</Descriptions.Item>
              <Descriptions.Item label={t("accountId")}>{account.account}</Descriptions.Item>
              <Descriptions.Item label={t("accountType")}>{th("userType", { type: account.userType })}</Descriptions.Item>
              {company && <Descriptions.Item label={t("accountCompany")}>{`${company} (${account.company!.code})`}</Descriptions.Item>}
              <Descriptions.Item label={t("accountRoles")}>
                {account.roles.map((r) => (
                  <Tag key={r.code} color="green">
                    {zh ? r.nameZh : r.nameEn}
                  </Tag>
                ))}
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
