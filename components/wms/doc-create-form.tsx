"use client";

import { Button, Checkbox, Form, Input, InputNumber, Modal, Select, Space } from "antd";
import "@/components/providers/antd-css";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { GoodsScanInput } from "@/components/scan/goods-scan-input";
import { addScanned, plusOne } from "@/components/scan/scan-logic";
import { actionFailed, toast } from "@/components/ui/feedback";
import type { ActionResult } from "@/lib/actions/action";
import type { WmsDocType } from "@/lib/generated/prisma/enums";
import {
  createDeliveryAction,
  createEntryAction,
  createMoveAction,
  createStocktakeAction,
  createTransferAction,
  scanGoodsAction,
  searchGoodsAction,
  searchStockAction,
} from "@/lib/wms/actions";
import type { GoodsOption, StockOption } from "@/lib/wms/pickers";
import { DOC_ROUTE, MANUAL_DELIVERY_SOURCES, MANUAL_ENTRY_SOURCES } from "@/lib/wms/states";
import type { CreateSetup } from "@/lib/wms/doc-loader";

// The new-document form (loaded on demand by DocCreateButton). Entries pick goods by code or
// name and a cost (the goods' price by default); deliveries, moves and transfers pick free stock
// of the chosen warehouse, first in first out, and a VIN where the stock is vehicles. The server
// checks everything again; its messages land on the fields ("lines.0.quantity" → that line).
// An entry also takes goods from the scan input above its lines (components/scan): a code the
// form has loaded, or else one the server finds (scanGoodsAction), fills the empty line, adds
// one, or adds one more to the line holding it; an unknown code or a vehicle changes nothing.

type Line = { pick?: string; goodsId?: number; vehicleId?: number | null; quantity?: number; unitCost?: string; fromLocationId?: number; toLocationId?: number | null };
type Values = {
  warehouseId?: number;
  source?: string;
  remark?: string;
  toCompanyId?: number;
  toWarehouseId?: number;
  locationIds?: number[];
  goodsIds?: number[];
  showBook?: boolean;
  assigneeId?: number | null;
  lines?: Line[];
};

type Picked = { goods?: GoodsOption; stock?: StockOption };

export function DocCreateForm({ type, setup, onClose }: { type: WmsDocType; setup: CreateSetup; onClose: () => void }) {
  const t = useTranslations("WmsDocs.form");
  const tw = useTranslations("Wms");
  const zh = useLocale() === "zh-CN";
  const router = useRouter();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [goods, setGoods] = useState<GoodsOption[]>([]);
  const [stock, setStock] = useState<StockOption[]>([]);
  const tScan = useTranslations("Scan");
  const [scanned, setScanned] = useState<GoodsOption[]>([]);
  const [scanMessage, setScanMessage] = useState<{ kind: "error" | "info"; text: string } | null>(null);
  const picked = useRef(new Map<string, Picked>());
  const warehouseId = Form.useWatch("warehouseId", form);
  const toCompanyId = Form.useWatch("toCompanyId", form);
  const lines = Form.useWatch("lines", form);
  const outbound = type === "DELIVERY" || type === "MOVE" || type === "TRANSFER";
  const warehouse = setup.warehouses.find((w) => w.id === warehouseId);
  const name = (g: { nameEn: string; nameZh: string }) => (zh ? g.nameZh : g.nameEn);
  const required = { required: true, message: t("required") };

  const findGoods = async (q: string) => {
    const res = await searchGoodsAction({ q }).catch(() => null);
    if (res?.ok) {
      setGoods(res.data);
      res.data.forEach((g) => picked.current.set(`g${g.id}`, { goods: g }));
    }
  };
  const findStock = async (q: string) => {
    if (!warehouseId) return;
    const res = await searchStockAction({ warehouseId, q }).catch(() => null);
    if (res?.ok) {
      setStock(res.data);
      res.data.forEach((s) => picked.current.set(`s${s.goodsId}_${s.locationId}`, { stock: s }));
    }
  };

  const onPick = (index: number, key: string) => {
    const p = picked.current.get(key);
    const all = form.getFieldValue("lines") as Line[];
    const line: Line = { ...all[index], pick: key };
    if (p?.goods) Object.assign(line, { goodsId: p.goods.id, unitCost: p.goods.price });
    if (p?.stock) Object.assign(line, { goodsId: p.stock.goodsId, fromLocationId: p.stock.locationId, vehicleId: null, quantity: p.stock.kind === "VEHICLE" ? 1 : line.quantity });
    form.setFieldValue(["lines", index], line);
  };

  /** A scanned goods onto the lines: the line holding it gets one more, else the empty line or a new one. */
  const putScanned = (g: GoodsOption) => {
    const key = `g${g.id}`;
    picked.current.set(key, { goods: g });
    setScanned((gs) => (gs.some((x) => x.id === g.id) ? gs : [...gs, g]));
    const r = addScanned((form.getFieldValue("lines") as Line[] | undefined) ?? [], {
      holds: (l) => l.goodsId === g.id,
      isEmpty: (l) => !l.pick && !l.goodsId,
      bump: (l) => ({ ...l, quantity: plusOne(l.quantity) }),
      fill: (l) => ({ ...l, pick: key, goodsId: g.id, unitCost: g.price, quantity: 1 }),
    });
    form.setFieldValue("lines", r.lines);
    setScanMessage({ kind: "info", text: tScan("added", { code: g.code, quantity: r.lines[r.index].quantity ?? 1 }) });
  };
  const onScan = async (code: string) => {
    const known = goodsChoices.find((g) => g.code === code);
    if (known) return putScanned(known);
    const res = await scanGoodsAction({ code }).catch(() => null);
    if (!res) return void toast("error", tw("errors.dealersOnly"));
    if (!res.ok) {
      if (res.fieldErrors) setScanMessage({ kind: "error", text: res.fieldErrors.code ?? Object.values(res.fieldErrors)[0] });
      else actionFailed(res);
      return;
    }
    putScanned(res.data);
  };

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    const ls = (v.lines ?? []).map((l) => ({
      goodsId: l.goodsId,
      vehicleId: l.vehicleId ?? null,
      quantity: l.quantity,
      unitCost: l.unitCost,
      fromLocationId: l.fromLocationId,
      toLocationId: l.toLocationId ?? null,
    }));
    let res: ActionResult<{ id: number; docNo: string }> | null;
    const common = { warehouseId: v.warehouseId, remark: v.remark ?? "" };
    if (type === "ENTRY")
      res = await createEntryAction({
        ...common,
        source: v.source,
        lines: ls.map(({ goodsId, quantity, unitCost, toLocationId }) => ({ goodsId, quantity, unitCost, toLocationId })),
      }).catch(() => null);
    else if (type === "DELIVERY")
      res = await createDeliveryAction({
        ...common,
        source: v.source,
        lines: ls.map(({ goodsId, vehicleId, quantity, fromLocationId }) => ({ goodsId, vehicleId, quantity, fromLocationId })),
      }).catch(() => null);
    else if (type === "MOVE") res = await createMoveAction({ ...common, lines: ls }).catch(() => null);
    else if (type === "TRANSFER")
      res = await createTransferAction({
        ...common,
        toCompanyId: v.toCompanyId,
        toWarehouseId: v.toWarehouseId,
        lines: ls.map(({ goodsId, vehicleId, quantity, fromLocationId }) => ({ goodsId, vehicleId, quantity, fromLocationId })),
      }).catch(() => null);
    else
      res = await createStocktakeAction({
        ...common,
        locationIds: v.locationIds ?? [],
        goodsIds: v.goodsIds ?? [],
        showBook: !!v.showBook,
        assigneeId: v.assigneeId ?? null,
      }).catch(() => null);
    setBusy(false);
    if (!res) return void toast("error", tw("errors.dealersOnly"));
    if (!res.ok) {
      const fields = Object.entries(res.fieldErrors ?? {});
      if (fields.length) {
        form.setFields(fields.map(([k, msg]) => ({ name: k.split(".").map((p) => (/^\d+$/.test(p) ? Number(p) : p)) as never, errors: [msg] })));
        // A message on a field the form does not show (e.g. "lines") is a toast as well.
        if (!fields.some(([k]) => k.includes("."))) toast("error", fields[0][1]);
      } else actionFailed(res);
      return;
    }
    toast("success", <span data-testid="wmsdoc-created">{t("created", { docNo: res.data.docNo })}</span>);
    onClose();
    router.push(`/${DOC_ROUTE[type]}?id=${res.data.id}`);
  };

  // The goods to choose from: the last search's, and those scanned, so a scanned line keeps its
  // label when a search replaces the results.
  const goodsChoices = [...goods, ...scanned.filter((g) => !goods.some((x) => x.id === g.id))];
  const locationOptions = (w: { locations: { id: number; code: string }[] } | undefined) => (w?.locations ?? []).map((l) => ({ value: l.id, label: l.code }));
  const target = setup.targets?.find((c) => c.id === toCompanyId);
  const sources = type === "ENTRY" ? MANUAL_ENTRY_SOURCES : type === "DELIVERY" ? MANUAL_DELIVERY_SOURCES : null;

  return (
    <Modal
      open
      title={t(`title.${type}`)}
      okText={t("submit")}
      cancelText={t("cancel")}
      onOk={submit}
      onCancel={onClose}
      okButtonProps={{ loading: busy, "data-testid": "wmsdoc-submit" } as never}
      mask={{ closable: false }}
      destroyOnHidden
      width={860}
    >
      {setup.warehouses.length === 0 ? (
        <p data-testid="wmsdoc-no-warehouse">{t("noWarehouse")}</p>
      ) : (
        <Form
          form={form}
          name="wmsdoc"
          layout="vertical"
          requiredMark
          initialValues={{ warehouseId: setup.warehouses[0].id, source: sources?.[0], lines: type === "STOCKTAKE" ? [] : [{}], toCompanyId: setup.targets?.[0]?.id }}
          onValuesChange={(changed: Values) => {
            if ("warehouseId" in changed) {
              setStock([]);
              if (outbound) form.setFieldValue("lines", [{}]);
              form.setFieldValue("locationIds", []);
            }
            if ("toCompanyId" in changed) form.setFieldValue("toWarehouseId", undefined);
          }}
          data-testid="wmsdoc-form"
        >
          <Space wrap align="start">
            <Form.Item name="warehouseId" label={t("warehouse")} rules={[required]}>
              <Select style={{ minWidth: 220 }} options={setup.warehouses.map((w) => ({ value: w.id, label: `${w.code} ${w.name}` }))} data-testid="wmsdoc-warehouse" />
            </Form.Item>
            {sources && (
              <Form.Item name="source" label={t("source")} rules={[required]}>
                <Select style={{ minWidth: 180 }} options={sources.map((s) => ({ value: s, label: tw(`sources.${s}`) }))} data-testid="wmsdoc-source" />
              </Form.Item>
            )}
            {type === "TRANSFER" && (
              <>
                <Form.Item name="toCompanyId" label={t("toCompany")} rules={[required]}>
                  <Select style={{ minWidth: 220 }} options={(setup.targets ?? []).map((c) => ({ value: c.id, label: `${c.code} ${c.name}` }))} data-testid="wmsdoc-to-company" />
                </Form.Item>
                <Form.Item name="toWarehouseId" label={t("toWarehouse")} rules={[required]}>
                  <Select
                    style={{ minWidth: 220 }}
                    options={(target?.warehouses ?? []).filter((w) => w.id !== warehouseId).map((w) => ({ value: w.id, label: `${w.code} ${w.name}` }))}
                    data-testid="wmsdoc-to-warehouse"
                  />
                </Form.Item>
              </>
            )}
          </Space>

          {type === "STOCKTAKE" ? (
            <>
              <Form.Item name="locationIds" label={t("locations")}>
                <Select mode="multiple" allowClear options={locationOptions(warehouse)} data-testid="wmsdoc-locations" />
              </Form.Item>
              <Form.Item name="goodsIds" label={t("goodsScope")}>
                <Select
                  mode="multiple"
                  allowClear
                  showSearch={{ filterOption: false, onSearch: findGoods }}
                  onFocus={() => void findGoods("")}
                  options={goods.map((g) => ({ value: g.id, label: `${g.code} ${name(g)}` }))}
                  notFoundContent={t("noResults")}
                  data-testid="wmsdoc-goods-scope"
                />
              </Form.Item>
              <Space wrap>
                <Form.Item name="assigneeId" label={tw("fields.assigneeId")}>
                  <Select allowClear style={{ minWidth: 200 }} options={(setup.users ?? []).map((u) => ({ value: u.id, label: u.name }))} data-testid="wmsdoc-assignee" />
                </Form.Item>
                <Form.Item name="showBook" valuePropName="checked" label=" ">
                  <Checkbox data-testid="wmsdoc-show-book">{t("showBook")}</Checkbox>
                </Form.Item>
              </Space>
            </>
          ) : (
            <Form.List name="lines">
              {(fields, { add, remove }) => (
                <div data-testid="wmsdoc-lines">
                  {type === "ENTRY" && (
                    <div style={{ marginBottom: 16 }}>
                      <GoodsScanInput onCode={(code) => void onScan(code)} message={scanMessage} testId="wmsdoc-scan" />
                    </div>
                  )}
                  {fields.map((field, i) => {
                    const line = lines?.[i];
                    const p = line?.pick ? picked.current.get(line.pick) : undefined;
                    const vehicles = p?.stock?.vehicles ?? [];
                    return (
                      <Space key={field.key} wrap align="start" style={{ display: "flex" }} data-testid="wmsdoc-line">
                        <Form.Item name={[field.name, "pick"]} label={outbound ? t("stock") : t("goods")} rules={[required]}>
                          <Select
                            style={{ width: 300 }}
                            showSearch={{ filterOption: false, onSearch: outbound ? findStock : findGoods }}
                            onFocus={() => void (outbound ? findStock("") : findGoods(""))}
                            placeholder={outbound ? t("stockPlaceholder") : t("goodsPlaceholder")}
                            notFoundContent={t("noResults")}
                            options={
                              outbound
                                ? stock.map((s) => ({
                                    value: `s${s.goodsId}_${s.locationId}`,
                                    label: `${s.code} ${name(s)} · ${t("available", { count: s.available, location: s.location })}`,
                                  }))
                                : goodsChoices.map((g) => ({ value: `g${g.id}`, label: `${g.code} ${name(g)}` }))
                            }
                            onChange={(key: string) => onPick(i, key)}
                            data-testid="wmsdoc-line-pick"
                          />
                        </Form.Item>
                        <Form.Item name={[field.name, "goodsId"]} hidden>
                          <Input />
                        </Form.Item>
                        <Form.Item name={[field.name, "fromLocationId"]} hidden>
                          <Input />
                        </Form.Item>
                        {vehicles.length > 0 && (
                          <Form.Item name={[field.name, "vehicleId"]} label={t("vin")} rules={[required]}>
                            <Select style={{ width: 210 }} options={vehicles.map((v) => ({ value: v.id, label: v.vin }))} data-testid="wmsdoc-line-vin" />
                          </Form.Item>
                        )}
                        <Form.Item name={[field.name, "quantity"]} label={t("quantity")} rules={[required]}>
                          <InputNumber min={1} max={99999} precision={0} disabled={vehicles.length > 0} style={{ width: 100 }} data-testid="wmsdoc-line-quantity" />
                        </Form.Item>
                        {type === "ENTRY" && (
                          <Form.Item name={[field.name, "unitCost"]} label={t("unitCost")} rules={[required]}>
                            <Input inputMode="decimal" style={{ width: 120 }} data-testid="wmsdoc-line-cost" />
                          </Form.Item>
                        )}
                        {(type === "ENTRY" || type === "MOVE") && (
                          <Form.Item name={[field.name, "toLocationId"]} label={type === "MOVE" ? t("toLocation") : t("location")} rules={type === "MOVE" ? [required] : []}>
                            <Select allowClear style={{ width: 140 }} options={locationOptions(warehouse)} data-testid="wmsdoc-line-location" />
                          </Form.Item>
                        )}
                        <Form.Item label=" ">
                          <Button onClick={() => remove(field.name)} disabled={fields.length === 1} data-testid="wmsdoc-line-remove">
                            {t("removeLine")}
                          </Button>
                        </Form.Item>
                      </Space>
                    );
                  })}
                  <Button onClick={() => add({})} data-testid="wmsdoc-add-line">
                    {t("addLine")}
                  </Button>
                </div>
              )}
            </Form.List>
          )}
          <Form.Item name="remark" label={t("remark")} style={{ marginTop: 16 }}>
            <Input.TextArea maxLength={500} rows={2} data-testid="wmsdoc-remark" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
