// The dictionaries the product reads (pure data, client-safe). prisma/seed/dictionaries.ts
// creates them as system types (code fixed, not deletable); the dictionaries service keeps the
// seeded items' values (records store them) and refuses to delete them: disable them instead.
// Status values are exactly the states of the state tables (lib/**/*-states.ts).

type Item = readonly [value: string, labelEn: string, labelZh: string, color?: string];
export type DictSeed = { code: string; nameEn: string; nameZh: string; remark?: string; items: readonly Item[] };

export const SYSTEM_DICTS = [
  {
    code: "delivery_way",
    nameEn: "Delivery ways",
    nameZh: "配送方式",
    items: [
      ["SELF_PICKUP", "Self pickup", "自提"],
      ["LOGISTICS", "Logistics", "物流"],
      ["EXPRESS", "Express", "快递"],
      ["FACTORY_DELIVERY", "Factory delivery", "厂家配送"],
    ],
  },
  {
    code: "carrier_type",
    nameEn: "Carrier types",
    nameZh: "承运类型",
    items: [
      ["CAR_CARRIER", "Car carrier truck", "轿运车"],
      ["RAIL", "Rail", "铁路"],
      ["SHIP", "Ship", "水运"],
      ["DRIVE_AWAY", "Drive-away", "人工驾送"],
      ["VAN", "Van", "厢式货车"],
    ],
  },
  {
    code: "order_kind",
    nameEn: "Order kinds",
    nameZh: "订单类型",
    items: [
      ["VEHICLE", "Vehicle", "整车"],
      ["PART", "Parts", "配件"],
      ["DERIVATIVE", "Derivatives", "衍生品"],
    ],
  },
  {
    code: "return_type",
    nameEn: "Return types",
    nameZh: "退货类型",
    items: [
      ["QUALITY", "Quality problem", "质量问题"],
      ["WRONG_DELIVERY", "Wrong goods delivered", "错发货"],
      ["TRANSPORT_DAMAGE", "Damaged in transport", "运输损坏"],
      ["SURPLUS", "Surplus stock", "库存积压"],
      ["OTHER", "Other", "其他"],
    ],
  },
  {
    code: "deal_type",
    nameEn: "Deal types",
    nameZh: "处理方式",
    items: [
      ["REPLACE", "Replace", "换货"],
      ["REFUND", "Refund", "退款"],
      ["REPAIR", "Repair", "维修"],
    ],
  },
  {
    code: "sex",
    nameEn: "Sexes",
    nameZh: "性别",
    items: [
      ["MALE", "Male", "男"],
      ["FEMALE", "Female", "女"],
    ],
  },
  {
    code: "complaint_category",
    nameEn: "Complaint categories",
    nameZh: "投诉类别",
    items: [
      ["PRODUCT_QUALITY", "Product quality", "产品质量"],
      ["SERVICE", "Service", "服务态度"],
      ["DELIVERY", "Delivery", "交付问题"],
      ["PARTS_SUPPLY", "Parts supply", "配件供应"],
      ["WARRANTY", "Warranty claim", "保修索赔"],
      ["OTHER", "Other", "其他"],
    ],
  },
  {
    code: "payment_method",
    nameEn: "Payment methods",
    nameZh: "付款方式",
    items: [
      ["BANK_TRANSFER", "Bank transfer", "银行转账"],
      ["ACCEPTANCE_BILL", "Bank acceptance bill", "银行承兑汇票"],
      ["CASH", "Cash", "现金"],
      ["ONLINE", "Online payment", "在线支付"],
      ["CREDIT", "Credit line", "授信额度"],
    ],
  },
  {
    code: "payment_status",
    nameEn: "Payment states",
    nameZh: "付款状态",
    items: [
      ["UNPAID", "Unpaid", "未付款", "red"],
      ["PARTIALLY_PAID", "Partially paid", "部分付款", "orange"],
      ["PAID", "Paid", "已付清", "green"],
    ],
  },
  {
    code: "id_type",
    nameEn: "ID types",
    nameZh: "证件类型",
    items: [
      ["PRC_ID", "PRC resident ID", "居民身份证"],
      ["PASSPORT", "Passport", "护照"],
      ["OTHER", "Other", "其他"],
    ],
  },
  {
    code: "warranty_state",
    nameEn: "Warranty states",
    nameZh: "保修状态",
    items: [
      ["NOT_STARTED", "Not started", "未开始", "default"],
      ["IN_WARRANTY", "In warranty", "保修期内", "green"],
      ["EXPIRED", "Expired", "已过保", "red"],
    ],
  },
  {
    code: "user_type",
    nameEn: "User types",
    nameZh: "用户类型",
    items: [
      ["DEALER", "Dealer", "经销商", "blue"],
      ["STAFF", "Staff", "厂家员工", "cyan"],
      ["ADMIN", "Administrator", "管理员", "purple"],
    ],
  },
  {
    code: "order_status",
    nameEn: "Order statuses",
    nameZh: "订单状态",
    items: [
      ["SUBMITTED", "Submitted", "已提交", "blue"],
      ["CONFIRMED", "Confirmed", "已确认", "cyan"],
      ["SHIPPED", "Shipped", "已发货", "geekblue"],
      ["COMPLETED", "Completed", "已完成", "green"],
      ["REJECTED", "Rejected", "已驳回", "red"],
      ["CANCELLED", "Cancelled", "已取消", "default"],
    ],
  },
  {
    code: "pre_order_status",
    nameEn: "Pre-order statuses",
    nameZh: "预订单状态",
    items: [
      ["SUBMITTED", "Submitted", "已提交", "blue"],
      ["CONFIRMED", "Confirmed", "已确认", "cyan"],
      ["CONVERTED", "Converted to order", "已转订单", "green"],
      ["REJECTED", "Rejected", "已驳回", "red"],
      ["CANCELLED", "Cancelled", "已取消", "default"],
    ],
  },
  {
    code: "vehicle_status",
    nameEn: "Vehicle statuses",
    nameZh: "车辆状态",
    items: [
      ["FACTORY_STOCK", "Factory stock", "厂家库存", "default"],
      ["ALLOCATED", "Allocated", "已分配", "purple"],
      ["IN_TRANSIT", "In transit", "在途", "geekblue"],
      ["IN_STOCK", "In stock", "在库", "green"],
      ["SOLD", "Sold", "已售", "gold"],
    ],
  },
  {
    code: "sales_return_status",
    nameEn: "Sales return statuses",
    nameZh: "售后退货状态",
    remark: "Also the status of a return log's items.",
    items: [
      ["SUBMITTED", "Submitted", "已提交", "blue"],
      ["APPROVED", "Approved", "已审核", "cyan"],
      ["REJECTED", "Rejected", "已驳回", "red"],
      ["SHIPPED", "Shipped", "已发货", "geekblue"],
      ["RECEIVED", "Received", "已收货", "purple"],
      ["COMPLETED", "Completed", "已完成", "green"],
    ],
  },
  {
    code: "return_batch_status",
    nameEn: "Return log statuses",
    nameZh: "退货批次状态",
    remark: "A delivery batch (return log) follows its returns: shipped, received, completed.",
    items: [
      ["SHIPPED", "Shipped", "已发货", "geekblue"],
      ["RECEIVED", "Received", "已收货", "purple"],
      ["COMPLETED", "Completed", "已完成", "green"],
    ],
  },
  {
    code: "complaint_status",
    nameEn: "Complaint statuses",
    nameZh: "投诉状态",
    items: [
      ["SUBMITTED", "Submitted", "已提交", "blue"],
      ["PROCESSING", "Processing", "处理中", "orange"],
      ["REPLIED", "Replied", "已回复", "cyan"],
      ["CLOSED", "Closed", "已关闭", "green"],
    ],
  },
  {
    code: "warehouse_document_status",
    nameEn: "Warehouse document statuses",
    nameZh: "仓储单据状态",
    remark: "Entry and delivery orders, moves.",
    items: [
      ["DRAFT", "Draft", "草稿", "blue"],
      ["POSTED", "Posted", "已过账", "green"],
      ["CANCELLED", "Cancelled", "已作废", "default"],
    ],
  },
  {
    code: "transfer_status",
    nameEn: "Transfer statuses",
    nameZh: "调拨单状态",
    items: [
      ["DRAFT", "Draft", "草稿", "blue"],
      ["IN_TRANSIT", "In transit", "在途", "geekblue"],
      ["RECEIVED", "Received", "已收货", "green"],
      ["CANCELLED", "Cancelled", "已作废", "default"],
    ],
  },
  {
    code: "stocktake_status",
    nameEn: "Stocktake statuses",
    nameZh: "盘点单状态",
    items: [
      ["DRAFT", "Draft", "草稿", "blue"],
      ["COUNTING", "Counting", "盘点中", "orange"],
      ["POSTED", "Posted", "已过账", "green"],
      ["CANCELLED", "Cancelled", "已作废", "default"],
    ],
  },
  {
    code: "user_status",
    nameEn: "User statuses",
    nameZh: "用户状态",
    items: [
      ["PENDING", "Pending approval", "待审核", "orange"],
      ["ACTIVE", "Active", "正常", "green"],
      ["LOCKED", "Locked", "已锁定", "red"],
      ["DISABLED", "Disabled", "已停用", "default"],
    ],
  },
  {
    code: "company_status",
    nameEn: "Company statuses",
    nameZh: "公司状态",
    items: [
      ["ACTIVE", "Active", "正常", "green"],
      ["DISABLED", "Disabled", "已停用", "default"],
    ],
  },
  {
    code: "parts_category",
    nameEn: "Parts categories",
    nameZh: "配件类别",
    remark: "What purchase plans plan parts and derivatives by (Goods.partsCategory).",
    items: [
      ["BRAKES", "Brakes", "制动系统"],
      ["FILTERS", "Filters", "滤清器"],
      ["FLUIDS", "Oils and fluids", "油品与液体"],
      ["ELECTRICAL", "Electrical", "电气部件"],
      ["BODY_TRIM", "Body and trim", "车身与内外饰"],
      ["ACCESSORIES", "Accessories", "精品附件"],
      ["OTHER", "Other", "其他"],
    ],
  },
  {
    code: "purchase_plan_status",
    nameEn: "Purchase plan statuses",
    nameZh: "采购计划状态",
    items: [
      ["DRAFT", "Draft", "草稿", "default"],
      ["SUBMITTED", "Submitted", "已提交", "blue"],
      ["APPROVED", "Approved", "已批准", "green"],
      ["RETURNED", "Returned", "已退回", "orange"],
    ],
  },
] as const satisfies readonly DictSeed[];

/** The code of a dictionary the product reads. */
export type DictCode = (typeof SYSTEM_DICTS)[number]["code"];

const seeded = new Set(SYSTEM_DICTS.flatMap((d) => d.items.map((i) => `${d.code}\u0000${i[0]}`)));

/** Whether an item is one the product ships (its value is stored in records). */
export const isSeededItem = (typeCode: string, value: string) => seeded.has(`${typeCode}\u0000${value}`);
