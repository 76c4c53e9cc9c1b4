"use client";

import { Tag } from "antd";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { AdminList } from "@/components/admin/admin-list";
import { RegionCascader } from "@/components/ui/region-cascader";
import { actionFailed, toast } from "@/components/ui/feedback";
import type { ListResult } from "@/lib/admin/resource";
import { deleteAddressesAction, saveAddressAction, setDefaultAddressAction } from "@/lib/mall/addresses/actions";
import { ZAddressSave, type TAddressSave } from "@/lib/mall/addresses/schemas";
import type { AddressRow } from "@/lib/mall/addresses/service";

/** onlineMall/adress — the dealer's delivery addresses, one of them the default. */
export function AddressBook({ data }: { data: ListResult<AddressRow> & { dealer: boolean } }) {
  const t = useTranslations("AddressBook");
  const zh = useLocale() === "zh-CN";
  const router = useRouter();
  const areaText = (r: AddressRow) => r.area.map((a) => (zh ? a.nameZh : a.nameEn)).join(" / ");
  // Every area shown on the page, so the cascader can show an edited address's area at once.
  const known = data.rows.flatMap((r) => r.area);
  const makeDefault = async (r: AddressRow) => {
    const res = await setDefaultAddressAction({ id: r.id });
    if (!res.ok) return void actionFailed(res);
    toast("success", t("defaultSet"));
    router.refresh();
  };
  return (
    <AdminList<AddressRow, TAddressSave>
      labels="AddressBook"
      data={data}
      search={[{ name: "keyword", type: "text", placeholder: t("keywordPlaceholder"), width: 240 }]}
      columns={[
        { key: "receiver", sortable: true, width: 140 },
        { key: "phone", width: 140 },
        { key: "area", width: 260, render: areaText },
        { key: "address", ellipsis: true },
        {
          key: "isDefault",
          width: 100,
          render: (r) =>
            r.isDefault ? (
              <Tag color="green" data-testid="default-tag">
                {t("default")}
              </Tag>
            ) : null,
        },
        ...(data.dealer ? [] : [{ key: "company", width: 100 }]),
        { key: "updatedAt", kind: "dateTime" as const, sortable: true, width: 180, defaultHidden: true },
      ]}
      form={{
        schema: ZAddressSave,
        save: saveAddressAction,
        defaults: { isDefault: data.total === 0 },
        toValues: (r) => ({ id: r.id, receiver: r.receiver, phone: r.phone, area: r.area.map((a) => a.id), address: r.address, isDefault: r.isDefault }),
        fields: { area: { control: <RegionCascader path={known} changeOnSelect={false} /> }, address: { widget: "textarea" } },
      }}
      rowActions={(r) => [{ key: "default", label: t("setDefault"), hidden: r.isDefault || !data.can.update, onClick: () => void makeDefault(r) }]}
      remove={{ action: deleteAddressesAction, name: (r) => `${r.receiver} ${r.address}` }}
      scrollX={1000}
    />
  );
}
