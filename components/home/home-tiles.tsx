import { loose } from "@/lib/i18n/loose";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { FIGURE_CAP } from "@/lib/home/figures";
import type { HomeTile } from "@/lib/home/queries";
import { HomeIcon } from "./home-icon";
import styles from "./home-view.module.css";

/** What a seeded tile's screen is for, shown when the tile has no figures (staff, Records). */
const HINTS: Record<string, string> = {
  "car/vehicleSales": "vehicleSales",
  "car/stock": "stock",
  "onlineMall/car/goods": "vehicleMall",
  "onlineMall/mountings/goods": "partsMall",
  "system/workbench/records": "records",
  "afterSale/complaint": "complaints",
  "download/downloadCenters": "downloads",
};

// The screens' tiles: the whole card opens the screen (a stretched link), each figure that has
// a list of its own (the cart, the orders on their way) opens that list instead.
export async function HomeTiles({ tiles, zh }: { tiles: HomeTile[]; zh: boolean }) {
  const t = await getTranslations("Workbench");
  return (
    <div className={styles.tiles} data-testid="home-tiles">
      {tiles.map((tile, i) => {
        const name = zh ? tile.nameZh : tile.nameEn;
        return (
          <article key={tile.key} className={styles.tile} data-accent={i % 6} data-testid={`tile-${tile.key}`} data-path={tile.path}>
            <Link href={"/" + tile.path} className={styles.tileLink} data-testid={`tile-link-${tile.key}`}>
              <span className={styles.tileIcon} aria-hidden>
                <HomeIcon name={tile.icon} />
              </span>
              <span className={styles.tileName}>{name}</span>
            </Link>
            {tile.figures.length > 0 ? (
              <ul className={styles.figures}>
                {tile.figures.map((f) => {
                  const body = (
                    <>
                      <span className={styles.figureLabel}>{t(`figures.${f.key}`)}</span>
                      <strong className={styles.figureCount} data-zero={f.count === 0}>
                        {f.count > FIGURE_CAP ? t("figureCapped", { cap: FIGURE_CAP }) : f.count}
                      </strong>
                    </>
                  );
                  return (
                    <li key={f.key} data-testid={`figure-${f.key}`} data-count={f.count}>
                      {f.href ? (
                        <Link href={"/" + f.href} className={styles.figure} prefetch={false}>
                          {body}
                        </Link>
                      ) : (
                        <span className={styles.figure}>{body}</span>
                      )}
                    </li>
                  );
                })}
              </ul>
            ) : HINTS[tile.path] ? (
              <p className={styles.tileHint}>{loose(t)(`hints.${HINTS[tile.path]}`)}</p>
            ) : null}
          </article>
        );
      })}
    </div>
  );
}
