"use client";

import { Divider, Form, Input, Radio, Select } from "antd";
import "@/components/providers/antd-css";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { RegionCascader } from "@/components/ui/region-cascader";
import { onboardCompanyAction, searchDealerUsersAction, updateCompanyAction } from "@/lib/companies/actions";
import type { CompanyAdminData } from "@/lib/companies/loader";
import { USER_MODES, ZCompanyOnboard, ZCompanyUpdate } from "@/lib/companies/schemas";
import { useFormAction } from "./admin-kit";
import type { CompanyDialog } from "./company-admin";
import { FormDrawerPanel } from "./form-drawer";

// system/company's drawer: onboarding (the company, its first user and its default delivery
// address) or an edit of the company. Loaded on the first click (company-admin.tsx); each new
// `dialog` resets the form to its values.

type Values = Record<string, unknown> & { userMode?: (typeof USER_MODES)[number] };
type Option = { value: number; label: string };

/** Dealer users by the start of their account or name, asked of the server as one types. */
function DealerUserSelect(props: { value?: number[]; onChange?: (v: number[]) => void; id?: string }) {
  const [options, setOptions] = useState<Option[]>([]);
  const [busy, setBusy] = useState(false);
  const asked = useRef(0);
  const search = async (q: string) => {
    const n = ++asked.current;
    setBusy(true);
    const res = await searchDealerUsersAction({ q });
    if (n !== asked.current) return;
    setBusy(false);
    if (!res.ok) return;
    setOptions((kept) => {
      const chosen = kept.filter((o) => props.value?.includes(o.value));
      const found = res.data.map((u) => ({ value: u.id, label: `${u.name} (${u.account})` }));
      return [...chosen, ...found.filter((f) => !chosen.some((c) => c.value === f.value))];
    });
  };
  return (
    <Select
      id={props.id}
      mode="multiple"
      showSearch={{ filterOption: false, onSearch: (q) => void search(q) }}
      loading={busy}
      value={props.value}
      onChange={props.onChange}
      onFocus={() => void (options.length ? null : search(""))}
      options={options}
    />
  );
}

export function CompanyDrawer({ dialog, options, onClose }: { dialog: CompanyDialog | null; options: CompanyAdminData["options"]; onClose: () => void }) {
  const t = useTranslations("CompanyAdmin");
  const tf = useTranslations("CompanyAdmin.fields");
  const zh = useLocale() === "zh-CN";
  const [form] = Form.useForm<Values>();
  const submit = useFormAction("CompanyAdmin.fields");
  const mode = Form.useWatch("userMode", form);
  const name = (r: { nameEn: string; nameZh: string; code: string }) => `${zh ? r.nameZh : r.nameEn} (${r.code})`;
  const editing = dialog?.kind === "edit" ? dialog.company : null;
  const dealerRole = options.roles.find((r) => r.code === "DEALER");

  useEffect(() => {
    if (!dialog) return;
    form.resetFields();
    if (dialog.kind === "edit") {
      const c = dialog.company;
      form.setFieldsValue({
        code: c.code,
        nameEn: c.nameEn,
        nameZh: c.nameZh,
        orgSourceId: c.orgSourceId ?? undefined,
        organizationId: c.organizationId,
        area: c.areaPath.map((a) => a.id),
        address: c.address ?? "",
        contact: c.contact ?? "",
        phone: c.phone ?? "",
        licenseNo: c.licenseNo ?? "",
      });
    } else form.setFieldsValue({ userMode: "new", roleIds: dealerRole ? [dealerRole.id] : [] });
  }, [dialog, form, dealerRole]);

  const text = (field: string, max: number, extra?: { hint?: string; autoComplete?: string }) => (
    <Form.Item name={field} label={tf(field as "code")} required extra={extra?.hint} data-testid={`field-${field}`}>
      <Input maxLength={max} autoComplete={extra?.autoComplete ?? "off"} />
    </Form.Item>
  );

  return (
    <FormDrawerPanel<Values>
      title={editing ? t("editTitle", { name: zh ? editing.nameZh : editing.nameEn }) : t("onboardTitle")}
      open={!!dialog}
      form={form}
      size={640}
      testId="edit-drawer"
      onClose={onClose}
      onSubmit={async (v) =>
        editing
          ? !!(await submit(form, ZCompanyUpdate, updateCompanyAction, { ...v, id: editing.id }))
          : !!(await submit(form, ZCompanyOnboard, onboardCompanyAction, v, t("onboarded", { name: String((zh ? v.nameZh : v.nameEn) ?? "") })))
      }
    >
      {!editing && <Divider titlePlacement="start">{t("sectionCompany")}</Divider>}
      {text("code", 32, { hint: t("codeHint") })}
      {text("nameEn", 100)}
      {text("nameZh", 100)}
      <Form.Item name="orgSourceId" label={tf("orgSourceId")} required data-testid="field-orgSourceId">
        <Select options={options.orgSources.filter((o) => o.enabled || o.id === editing?.orgSourceId).map((o) => ({ value: o.id, label: name(o) }))} />
      </Form.Item>
      <Form.Item name="organizationId" label={tf("organizationId")} required data-testid="field-organizationId">
        <Select
          options={[
            ...options.regions.map((o) => ({ value: o.id, label: name(o) })),
            // The region it is in stays shown when it is outside what the viewer may pick.
            ...(editing && !options.regions.some((o) => o.id === editing.organizationId) ? [{ value: editing.organizationId, label: name(editing.organization) }] : []),
          ]}
        />
      </Form.Item>
      <Form.Item name="area" label={tf("area")} required data-testid="field-area">
        <RegionCascader path={editing?.areaPath ?? []} changeOnSelect />
      </Form.Item>
      {text("address", 200)}
      {text("contact", 50)}
      {text("phone", 20)}
      {text("licenseNo", 18)}
      {!editing && (
        <>
          <Divider titlePlacement="start">{t("sectionUser")}</Divider>
          <Form.Item name="userMode" label={tf("userMode")} extra={t("userModeHint")} data-testid="field-userMode">
            <Radio.Group options={USER_MODES.map((m) => ({ value: m, label: t(`options.userMode.${m}`) }))} />
          </Form.Item>
          {mode === "link" ? (
            <Form.Item name="linkUserIds" label={tf("linkUserIds")} required data-testid="field-linkUserIds">
              <DealerUserSelect />
            </Form.Item>
          ) : (
            <>
              {text("account", 50, { autoComplete: "off" })}
              {text("userName", 50)}
              {text("userPhone", 20)}
              <Form.Item name="password" label={tf("password")} required extra={t("passwordHint")} data-testid="field-password">
                <Input.Password maxLength={128} autoComplete="new-password" />
              </Form.Item>
              <Form.Item name="roleIds" label={tf("roleIds")} required data-testid="field-roleIds">
                <Select mode="multiple" options={options.roles.map((r) => ({ value: r.id, label: name(r) }))} />
              </Form.Item>
            </>
          )}
          <Divider titlePlacement="start">{t("sectionAddress")}</Divider>
          {text("receiver", 50)}
          {text("receiverPhone", 20)}
          <Form.Item name="receiverArea" label={tf("receiverArea")} required data-testid="field-receiverArea">
            <RegionCascader />
          </Form.Item>
          {text("receiverAddress", 200)}
        </>
      )}
    </FormDrawerPanel>
  );
}
