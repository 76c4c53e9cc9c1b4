import { Descriptions, type DescriptionsProps } from "antd";
import "@/components/providers/antd-css";
import { useLocale, useTranslations } from "next-intl";
import type { CarFacts as Facts } from "@/lib/vehicles/sales/actions";

/** The queried vehicle's car type beside its goods picture, plus the screen's own facts. */
export function CarFacts({ car, ns, extra = [] }: { car: Facts; ns: "VehicleSales" | "CarReturns"; extra?: DescriptionsProps["items"] }) {
  const t = useTranslations(`${ns}.facts`);
  const tf = useTranslations("Vehicles.fields");
  const zh = useLocale() === "zh-CN";
  const model = zh ? car.modelZh : car.modelEn;
  const items: DescriptionsProps["items"] = [
    { key: "vin", label: tf("vin"), children: <span data-testid="facts-vin">{car.vin}</span> },
    { key: "model", label: t("model"), children: <span data-testid="facts-model">{model}</span> },
    { key: "goods", label: t("goods"), children: zh ? car.goodsZh : car.goodsEn },
    { key: "config", label: t("config"), children: car.config ?? "—" },
    { key: "colour", label: t("colour"), children: car.colour ?? "—" },
    { key: "entryAt", label: t("entryAt"), children: car.entryAt },
    ...(extra ?? []),
  ];
  return (
    <div style={{ display: "flex", gap: 16, alignItems: "flex-start", flexWrap: "wrap", margin: "8px 0 16px" }} data-testid="car-facts">
      {car.cover && (
        // eslint-disable-next-line @next/next/no-img-element -- files are served to signed-in viewers only; the optimizer has no session
        <img src={car.cover} alt={t("picture", { model })} width={160} height={120} style={{ objectFit: "cover", borderRadius: 6, background: "#f5f5f5" }} />
      )}
      <Descriptions size="small" bordered column={{ xs: 1, sm: 2, lg: 3 }} items={items} style={{ flex: 1, minWidth: 280 }} />
    </div>
  );
}
