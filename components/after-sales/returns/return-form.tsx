"use client";

import { loose } from "@/lib/i18n/loose";
import { Alert, Form, Input, InputNumber, Modal, Radio, Select, Spin } from "antd";
import "@/components/providers/antd-css";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { LazyUploadField } from "@/components/uploads/lazy-upload-field";
import { fileReturnAction, returnFormOptionsAction, returnPartOrdersAction, searchReturnPartsAction } from "@/lib/after-sales/returns/actions";
import type { OrderChoice, PartChoice, ReturnFormOptions } from "@/lib/after-sales/returns/queries";
import { MAX_RETURN_QUANTITY } from "@/lib/after-sales/returns/schemas";
import { actionFailed, toast } from "@/components/ui/feedback";
import { withBase } from "@/lib/client/base-path";
import { dictOptions } from "@/lib/dict/items";
import { shanghaiToday } from "@/lib/mall/pre-orders/states";
import type { AttachmentValue, UploadRule } from "@/lib/uploads/formats";
import { normalizeVin, vinProblem } from "@/lib/vehicles/vin";

// The "file a return" form (loaded on demand by the list's button): return type; the part from
// the parts catalogue (then, optionally, one of the dealer's parts orders holding it) or a typed
// material name; quantity and fault quantity (at most the quantity); deal type; the car's VIN;
// buyer, buy and sale dates (not in the future); the question; part images. The browser checks
// what it can; the server checks everything again and its messages land on the fields.

type Source = "catalogue" | "typed";
type Values = {
  returnType: string;
  source: Source;
  goodsId?: number;
  orderId?: number | null;
  materialName?: string;
  materialCode?: string;
  quantity: number;
  faultQuantity: number;
  dealType: string;
  vin?: string;
  buyer?: string;
  buyDate?: string;
  saleDate?: string;
  description: string;
  partImg?: AttachmentValue[];
};
const FIELDS = [
  "returnType",
  "goodsId",
  "orderId",
  "materialName",
  "materialCode",
  "quantity",
  "faultQuantity",
  "dealType",
  "vin",
  "buyer",
  "buyDate",
  "saleDate",
  "description",
  "partImg",
] as const;
const VIN_MESSAGE = { length: "vinLength", characters: "vinCharacters", checkDigit: "vinCheckDigit" } as const;
const SEARCH_DELAY_MS = 300;

export function ReturnForm({ imageRule, onClose }: { imageRule?: UploadRule; onClose: () => void }) {
  const t = useTranslations("SalesReturns");
  const tv = useTranslations("Validation");
  const tc = useTranslations("Common");
  const locale = useLocale();
  const zh = locale === "zh-CN";
  const router = useRouter();
  const [form] = Form.useForm<Values>();
  const [options, setOptions] = useState<ReturnFormOptions | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [parts, setParts] = useState<PartChoice[]>([]);
  const [searching, setSearching] = useState(false);
  const [ordersOf, setOrdersOf] = useState<{ goodsId: number; list: OrderChoice[] } | null>(null);
  const searchTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const searchSeq = useRef(0);
  const source = Form.useWatch("source", form) ?? "catalogue";
  const goodsId = Form.useWatch("goodsId", form);
  // The orders answered for the part chosen now (null while they load).
  const orders = goodsId && ordersOf?.goodsId === goodsId ? ordersOf.list : null;
  const today = shanghaiToday();
  const label = (field: string) => loose(t)(`fields.${field}`);
  // `whitespace` only on text: any key beyond `required` makes the rule type-check as a string.
  const required = (field: string, kind: "text" | "select" | "number" = "text") =>
    kind === "text"
      ? { required: true, whitespace: true, message: tv("required", { label: label(field) }) }
      : { required: true, message: tv(kind === "select" ? "select" : "required", { label: label(field) }) };

  useEffect(() => {
    let live = true;
    returnFormOptionsAction({}).then(
      (res) => live && (res.ok ? setOptions(res.data) : setLoadError(res.message)),
      () => live && setLoadError(t("errors.loadError")),
    );
    return () => {
      live = false;
      if (searchTimer.current) clearTimeout(searchTimer.current);
    };
  }, [t]);

  // The orders holding the chosen part, read again whenever the part changes.
  useEffect(() => {
    if (!goodsId) return;
    let live = true;
    returnPartOrdersAction({ goodsId }).then(
      (res) => live && setOrdersOf({ goodsId, list: res.ok ? res.data : [] }),
      () => live && setOrdersOf({ goodsId, list: [] }),
    );
    return () => {
      live = false;
    };
  }, [goodsId]);

  const search = (q: string) => {
    if (searchTimer.current) clearTimeout(searchTimer.current);
    const text = q.trim();
    if (!text) return;
    searchTimer.current = setTimeout(() => {
      const seq = ++searchSeq.current;
      setSearching(true);
      searchReturnPartsAction({ q: text }).then(
        (res) => {
          // Only the latest search answers: slower earlier ones must not overwrite it.
          if (seq !== searchSeq.current) return;
          setSearching(false);
          if (res.ok) setParts((prev) => [...prev.filter((p) => p.id === form.getFieldValue("goodsId")), ...res.data.filter((p) => p.id !== form.getFieldValue("goodsId"))]);
          else actionFailed(res);
        },
        () => seq === searchSeq.current && (setSearching(false), toast("error", tc("networkError"))),
      );
    }, SEARCH_DELAY_MS);
  };

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const catalogue = v.source === "catalogue";
    setBusy(true);
    try {
      const res = await fileReturnAction({
        returnType: v.returnType,
        goodsId: catalogue ? v.goodsId : null,
        orderId: catalogue ? (v.orderId ?? null) : null,
        materialName: catalogue ? null : v.materialName,
        materialCode: catalogue ? null : v.materialCode,
        quantity: v.quantity,
        faultQuantity: v.faultQuantity,
        dealType: v.dealType,
        vin: v.vin ?? null,
        buyer: v.buyer ?? null,
        buyDate: v.buyDate ?? null,
        saleDate: v.saleDate ?? null,
        description: v.description,
        partImg: v.partImg ?? [],
      });
      if (!res.ok) {
        const fields = Object.entries(res.fieldErrors ?? {}).filter(([k]) => (FIELDS as readonly string[]).includes(k));
        if (fields.length) form.setFields(fields.map(([k, msg]) => ({ name: k as keyof Values, errors: [msg] })));
        else actionFailed(res);
        return;
      }
      const href = `/afterSale/salesReturn?id=${res.data.id}`;
      toast(
        "success",
        <span data-testid="sales-return-created">
          {t("actions.done.file", { returnNo: res.data.returnNo })}{" "}
          <a href={withBase(href)} onClick={(e) => (e.preventDefault(), router.push(href))}>
            {t("actions.viewReturn")}
          </a>
        </span>,
      );
      router.refresh();
      onClose();
    } catch {
      toast("error", tc("networkError"));
    } finally {
      setBusy(false);
    }
  };

  // A server message on a field goes away once the field changes.
  const clearErrors = (changed: Partial<Values>) => form.setFields(Object.keys(changed).map((k) => ({ name: k as keyof Values, errors: [] })));
  const notFuture = { validator: (_: unknown, v?: string) => (v && v > today ? Promise.reject(new Error(t("errors.futureDate", { today }))) : Promise.resolve()) };
  // Return and deal type stay unchosen: the dealer picks them on purpose.
  const initial: Partial<Values> = { source: "catalogue", quantity: 1, faultQuantity: 1, partImg: [] };
  const grid = { display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(220px, 1fr))", columnGap: 16 } as const;

  return (
    <Modal
      open
      title={t("actions.fileTitle")}
      okText={t("actions.submit")}
      cancelText={t("actions.close")}
      onOk={submit}
      onCancel={onClose}
      okButtonProps={{ loading: busy, disabled: !options, "data-testid": "sales-return-submit" } as never}
      destroyOnHidden
      width={760}
    >
      {loadError ? (
        <Alert type="error" title={loadError} showIcon />
      ) : !options ? (
        <div style={{ padding: 32, textAlign: "center" }}>
          <Spin />
        </div>
      ) : (
        <Form form={form} layout="vertical" requiredMark initialValues={initial} onValuesChange={clearErrors} data-testid="sales-return-form">
          <div style={grid}>
            <Form.Item name="returnType" label={label("returnType")} rules={[required("returnType", "select")]}>
              <Select options={dictOptions(options.returnTypes, locale)} data-testid="sales-return-type" />
            </Form.Item>
            <Form.Item name="dealType" label={label("dealType")} rules={[required("dealType", "select")]}>
              <Select options={dictOptions(options.dealTypes, locale)} data-testid="sales-return-deal-type" />
            </Form.Item>
          </div>
          <Form.Item name="source" label={label("partSource")} required>
            <Radio.Group
              data-testid="sales-return-source"
              options={[
                { value: "catalogue", label: t("form.fromCatalogue") },
                { value: "typed", label: t("form.typeName") },
              ]}
              onChange={() =>
                form.setFields([
                  { name: "goodsId", value: undefined, errors: [] },
                  { name: "orderId", value: null, errors: [] },
                  { name: "materialName", errors: [] },
                ])
              }
            />
          </Form.Item>
          {source === "catalogue" ? (
            <div style={grid}>
              <Form.Item name="goodsId" label={label("goodsId")} rules={[required("goodsId", "select")]}>
                <Select
                  data-testid="sales-return-part"
                  placeholder={t("form.searchPart")}
                  showSearch={{ filterOption: false, onSearch: search }}
                  notFoundContent={searching ? <Spin size="small" /> : t("form.noParts")}
                  options={parts.map((p) => ({ value: p.id, label: `${p.code} · ${zh ? p.nameZh : p.nameEn}` }))}
                  onChange={() => form.setFieldValue("orderId", null)}
                />
              </Form.Item>
              <Form.Item name="orderId" label={label("orderId")} extra={goodsId && orders?.length === 0 ? t("form.noOrders") : t("form.orderHint")}>
                <Select
                  data-testid="sales-return-order"
                  allowClear
                  disabled={!goodsId || !orders?.length}
                  loading={!!goodsId && orders === null}
                  placeholder={t("form.orderPlaceholder")}
                  options={(orders ?? []).map((o) => ({ value: o.id, label: t("form.orderOption", { orderNo: o.orderNo, date: o.createdAt.slice(0, 10), quantity: o.quantity }) }))}
                />
              </Form.Item>
            </div>
          ) : (
            <div style={grid}>
              <Form.Item name="materialName" label={label("materialName")} rules={[required("materialName")]}>
                <Input maxLength={120} data-testid="sales-return-material-name" />
              </Form.Item>
              <Form.Item name="materialCode" label={label("materialCode")}>
                <Input maxLength={40} data-testid="sales-return-material-code" />
              </Form.Item>
            </div>
          )}
          <div style={grid}>
            <Form.Item name="quantity" label={label("quantity")} rules={[required("quantity", "number")]}>
              <InputNumber min={1} max={MAX_RETURN_QUANTITY} precision={0} style={{ width: "100%" }} data-testid="sales-return-quantity" />
            </Form.Item>
            <Form.Item
              name="faultQuantity"
              label={label("faultQuantity")}
              extra={t("form.faultHint")}
              dependencies={["quantity"]}
              rules={[
                required("faultQuantity", "number"),
                ({ getFieldValue }) => ({
                  validator: (_: unknown, v?: number | null) => {
                    const quantity = getFieldValue("quantity") as number | null;
                    return typeof v === "number" && typeof quantity === "number" && v > quantity
                      ? Promise.reject(new Error(t("errors.faultAboveQuantity", { quantity })))
                      : Promise.resolve();
                  },
                }),
              ]}
            >
              <InputNumber min={0} max={MAX_RETURN_QUANTITY} precision={0} style={{ width: "100%" }} data-testid="sales-return-fault-quantity" />
            </Form.Item>
          </div>
          <div style={grid}>
            <Form.Item
              name="vin"
              label={label("vin")}
              extra={t("form.vinHint")}
              normalize={(v?: string) => (v ? v.toUpperCase() : v)}
              rules={[
                {
                  validator: (_: unknown, v?: string) => {
                    const vin = normalizeVin(v ?? "");
                    const problem = vin ? vinProblem(vin) : null;
                    return problem ? Promise.reject(new Error(tv(VIN_MESSAGE[problem], { label: label("vin") }))) : Promise.resolve();
                  },
                },
              ]}
            >
              <Input maxLength={17} autoComplete="off" data-testid="sales-return-vin" />
            </Form.Item>
            <Form.Item name="buyer" label={label("buyer")}>
              <Input maxLength={50} data-testid="sales-return-buyer" />
            </Form.Item>
            <Form.Item name="buyDate" label={label("buyDate")} extra={t("form.dateHint")} rules={[notFuture]}>
              <Input type="date" min="2000-01-01" max={today} data-testid="sales-return-buy-date" />
            </Form.Item>
            <Form.Item name="saleDate" label={label("saleDate")} extra={t("form.dateHint")} rules={[notFuture]}>
              <Input type="date" min="2000-01-01" max={today} data-testid="sales-return-sale-date" />
            </Form.Item>
          </div>
          <Form.Item name="description" label={label("description")} rules={[required("description")]}>
            <Input.TextArea maxLength={1000} rows={3} showCount data-testid="sales-return-description" />
          </Form.Item>
          <Form.Item name="partImg" label={label("partImg")} extra={t("form.imagesHint")}>
            <LazyUploadField kind="IMAGE" rule={imageRule} camera />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
