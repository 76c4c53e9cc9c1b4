import type { Permission } from "@/lib/access/permissions";

// The whole route table of the specification (section 2) as the menu tree. Screens appear in
// the side menu only once they exist (lib/routes.ts) and a role grants them.
export type MenuSeed = {
  key: string;
  nameEn: string;
  nameZh: string;
  path?: string;
  icon?: string;
  tile?: { sort: number; nameEn: string; nameZh: string };
  children?: MenuSeed[];
  /** Roles (by code) granted this screen, besides ADMIN which holds everything. */
  roles?: string[];
  /** The screen's actions: BUTTON menus whose permission codes actions and endpoints check. */
  buttons?: ButtonSeed[];
};

export type ButtonSeed = {
  permission: Permission;
  nameEn: string;
  nameZh: string;
  /** Roles granted this action (ADMIN holds every one); default: none besides ADMIN. */
  roles?: string[];
};

const DEALER = ["DEALER"];
const STAFF = ["SALES_OPS"];
const BOTH = ["DEALER", "SALES_OPS"];

export const menuCatalog: MenuSeed[] = [
  { key: "home", nameEn: "Home", nameZh: "首页", path: "system/workbench/home", icon: "home", roles: BOTH },
  {
    key: "home.records",
    nameEn: "Records",
    nameZh: "记录",
    path: "system/workbench/records",
    icon: "history",
    roles: DEALER,
    tile: { sort: 50, nameEn: "Records", nameZh: "记录" },
  },
  {
    key: "onlineMall",
    nameEn: "Online Mall",
    nameZh: "网上商城",
    icon: "shop",
    children: [
      {
        key: "onlineMall.car",
        nameEn: "Vehicle Mall",
        nameZh: "整车商城",
        icon: "car",
        children: [
          {
            key: "onlineMall.car.goods",
            nameEn: "Vehicle Goods",
            nameZh: "整车商品",
            path: "onlineMall/car/goods",
            roles: BOTH,
            tile: { sort: 30, nameEn: "Vehicle Mall", nameZh: "整车商城" },
            buttons: [
              { permission: "goods:create", nameEn: "Create goods", nameZh: "新增商品", roles: STAFF },
              { permission: "goods:update", nameEn: "Edit goods / on and off sale", nameZh: "编辑商品/上下架", roles: STAFF },
              { permission: "cart:add", nameEn: "Add to cart", nameZh: "加入购物车", roles: DEALER },
            ],
          },
          {
            key: "onlineMall.car.goods_bak",
            nameEn: "Vehicle Goods List",
            nameZh: "整车商品列表",
            path: "onlineMall/car/goods_bak",
            roles: BOTH,
            buttons: [
              { permission: "goods:create", nameEn: "Create goods", nameZh: "新增商品", roles: STAFF },
              { permission: "goods:update", nameEn: "Edit goods / on and off sale", nameZh: "编辑商品/上下架", roles: STAFF },
              { permission: "cart:add", nameEn: "Add to cart", nameZh: "加入购物车", roles: DEALER },
            ],
          },
          {
            key: "onlineMall.car.cart",
            nameEn: "Vehicle Cart",
            nameZh: "整车购物车",
            path: "onlineMall/car/cart",
            roles: DEALER,
            buttons: [
              { permission: "cart:update", nameEn: "Change / remove cart lines", nameZh: "修改/删除购物车", roles: DEALER },
              { permission: "order:submit", nameEn: "Submit order", nameZh: "提交订单", roles: DEALER },
            ],
          },
          {
            key: "onlineMall.car.preOrder",
            nameEn: "Pre-orders",
            nameZh: "预订单",
            path: "onlineMall/car/preOrder",
            roles: BOTH,
            buttons: [
              { permission: "preOrder:create", nameEn: "Create pre-order", nameZh: "新增预订单", roles: DEALER },
              { permission: "preOrder:cancel", nameEn: "Cancel pre-order", nameZh: "取消预订单", roles: BOTH },
              { permission: "preOrder:confirm", nameEn: "Confirm pre-order", nameZh: "确认预订单", roles: STAFF },
              { permission: "preOrder:reject", nameEn: "Reject pre-order", nameZh: "驳回预订单", roles: STAFF },
              { permission: "preOrder:convert", nameEn: "Convert to order", nameZh: "转为订单", roles: STAFF },
            ],
          },
          {
            key: "onlineMall.car.order",
            nameEn: "Vehicle Orders",
            nameZh: "整车订单",
            path: "onlineMall/car/order",
            roles: BOTH,
            buttons: [
              { permission: "order:cancel", nameEn: "Cancel order", nameZh: "取消订单", roles: BOTH },
              { permission: "order:delete", nameEn: "Delete order", nameZh: "删除订单", roles: DEALER },
              { permission: "order:receive", nameEn: "Confirm receipt", nameZh: "确认收货", roles: DEALER },
              { permission: "order:confirm", nameEn: "Confirm order", nameZh: "确认订单", roles: STAFF },
              { permission: "order:reject", nameEn: "Reject order", nameZh: "驳回订单", roles: STAFF },
              { permission: "order:ship", nameEn: "Ship order", nameZh: "发货", roles: STAFF },
              { permission: "order:complete", nameEn: "Complete order", nameZh: "完成订单", roles: STAFF },
              { permission: "payment:create", nameEn: "Record payment", nameZh: "登记付款", roles: STAFF },
            ],
          },
          { key: "onlineMall.car.orderReconcil", nameEn: "Order Reconciliation", nameZh: "订单对账", path: "onlineMall/car/orderReconcil", roles: BOTH },
          {
            key: "onlineMall.car.inventory",
            nameEn: "Available Inventory",
            nameZh: "可售库存",
            path: "onlineMall/car/inventory",
            roles: BOTH,
            buttons: [
              { permission: "cart:add", nameEn: "Add to cart", nameZh: "加入购物车", roles: DEALER },
              { permission: "vehicle:import", nameEn: "Add / import vehicles", nameZh: "新增/导入车辆", roles: STAFF },
            ],
          },
          {
            key: "onlineMall.car.carGroup",
            nameEn: "Car Groups",
            nameZh: "车系管理",
            path: "onlineMall/car/carGroup",
            roles: STAFF,
            buttons: [
              { permission: "carGroup:create", nameEn: "Create", nameZh: "新增", roles: STAFF },
              { permission: "carGroup:update", nameEn: "Edit", nameZh: "编辑", roles: STAFF },
              { permission: "carGroup:delete", nameEn: "Delete", nameZh: "删除", roles: STAFF },
            ],
          },
          {
            key: "onlineMall.car.vehicleModel",
            nameEn: "Vehicle Models",
            nameZh: "车型管理",
            path: "onlineMall/car/vehicleModel",
            roles: STAFF,
            buttons: [
              { permission: "vehicleModel:create", nameEn: "Create", nameZh: "新增", roles: STAFF },
              { permission: "vehicleModel:update", nameEn: "Edit", nameZh: "编辑", roles: STAFF },
              { permission: "vehicleModel:delete", nameEn: "Delete", nameZh: "删除", roles: STAFF },
            ],
          },
        ],
      },
      {
        key: "onlineMall.mountings",
        nameEn: "Parts Mall",
        nameZh: "配件商城",
        icon: "tool",
        children: [
          {
            key: "onlineMall.mountings.goods",
            nameEn: "Parts Goods",
            nameZh: "配件商品",
            path: "onlineMall/mountings/goods",
            roles: BOTH,
            tile: { sort: 40, nameEn: "Parts Mall", nameZh: "配件商城" },
            buttons: [
              { permission: "goods:create", nameEn: "Create goods", nameZh: "新增商品", roles: STAFF },
              { permission: "goods:update", nameEn: "Edit goods / on and off sale", nameZh: "编辑商品/上下架", roles: STAFF },
              { permission: "cart:add", nameEn: "Add to cart", nameZh: "加入购物车", roles: DEALER },
            ],
          },
          {
            key: "onlineMall.mountings.goods_bak",
            nameEn: "Parts Goods List",
            nameZh: "配件商品列表",
            path: "onlineMall/mountings/goods_bak",
            roles: BOTH,
            buttons: [
              { permission: "goods:create", nameEn: "Create goods", nameZh: "新增商品", roles: STAFF },
              { permission: "goods:update", nameEn: "Edit goods / on and off sale", nameZh: "编辑商品/上下架", roles: STAFF },
              { permission: "cart:add", nameEn: "Add to cart", nameZh: "加入购物车", roles: DEALER },
            ],
          },
          {
            key: "onlineMall.mountings.derivativeGoods",
            nameEn: "Derivative Goods",
            nameZh: "衍生品",
            path: "onlineMall/mountings/derivativeGoods",
            roles: BOTH,
            buttons: [
              { permission: "goods:create", nameEn: "Create goods", nameZh: "新增商品", roles: STAFF },
              { permission: "goods:update", nameEn: "Edit goods / on and off sale", nameZh: "编辑商品/上下架", roles: STAFF },
              { permission: "cart:add", nameEn: "Add to cart", nameZh: "加入购物车", roles: DEALER },
            ],
          },
          {
            key: "onlineMall.mountings.cart",
            nameEn: "Parts Cart",
            nameZh: "配件购物车",
            path: "onlineMall/mountings/cart",
            roles: DEALER,
            buttons: [
              { permission: "cart:update", nameEn: "Change / remove cart lines", nameZh: "修改/删除购物车", roles: DEALER },
              { permission: "order:submit", nameEn: "Submit order", nameZh: "提交订单", roles: DEALER },
            ],
          },
          {
            key: "onlineMall.mountings.order",
            nameEn: "Parts Orders",
            nameZh: "配件订单",
            path: "onlineMall/mountings/order",
            roles: BOTH,
            buttons: [
              { permission: "order:cancel", nameEn: "Cancel order", nameZh: "取消订单", roles: BOTH },
              { permission: "order:delete", nameEn: "Delete order", nameZh: "删除订单", roles: DEALER },
              { permission: "order:receive", nameEn: "Confirm receipt", nameZh: "确认收货", roles: DEALER },
              { permission: "order:confirm", nameEn: "Confirm order", nameZh: "确认订单", roles: STAFF },
              { permission: "order:reject", nameEn: "Reject order", nameZh: "驳回订单", roles: STAFF },
              { permission: "order:ship", nameEn: "Ship order", nameZh: "发货", roles: STAFF },
              { permission: "order:complete", nameEn: "Complete order", nameZh: "完成订单", roles: STAFF },
              { permission: "payment:create", nameEn: "Record payment", nameZh: "登记付款", roles: STAFF },
            ],
          },
        ],
      },
      {
        key: "onlineMall.adress",
        nameEn: "Delivery Addresses",
        nameZh: "收货地址",
        path: "onlineMall/adress",
        icon: "environment",
        roles: DEALER,
        buttons: [
          { permission: "address:create", nameEn: "Create", nameZh: "新增", roles: DEALER },
          { permission: "address:update", nameEn: "Edit / set default", nameZh: "编辑/设为默认", roles: DEALER },
          { permission: "address:delete", nameEn: "Delete", nameZh: "删除", roles: DEALER },
        ],
      },
    ],
  },
  {
    key: "car",
    nameEn: "Vehicles",
    nameZh: "车辆",
    icon: "car",
    children: [
      {
        key: "car.stock",
        nameEn: "Vehicle Stock",
        nameZh: "车辆库存",
        path: "car/stock",
        roles: BOTH,
        tile: { sort: 20, nameEn: "Inventory", nameZh: "库存" },
        buttons: [
          { permission: "vehicle:export", nameEn: "Export", nameZh: "导出", roles: BOTH },
          { permission: "vehicle:import", nameEn: "Add / import vehicles", nameZh: "新增/导入车辆", roles: STAFF },
        ],
      },
      {
        key: "car.vehicleSales",
        nameEn: "Vehicle Sales",
        nameZh: "车辆销售",
        path: "car/vehicleSales",
        // Staff see every dealer's sales in their data scope; only a dealer records one.
        roles: BOTH,
        tile: { sort: 10, nameEn: "Vehicle", nameZh: "车辆" },
        buttons: [
          { permission: "vehicle:sell", nameEn: "Record sale", nameZh: "登记销售", roles: DEALER },
          { permission: "vehicle:export", nameEn: "Export", nameZh: "导出", roles: BOTH },
        ],
      },
      {
        key: "car.carReturn",
        nameEn: "Car Returns",
        nameZh: "车辆退车",
        path: "car/carReturn",
        roles: BOTH,
        buttons: [{ permission: "vehicle:return", nameEn: "Record return", nameZh: "登记退车", roles: DEALER }],
      },
      { key: "car.vehicleInformation", nameEn: "Vehicle Information", nameZh: "车辆信息", path: "car/vehicleInformation", roles: BOTH },
    ],
  },
  {
    key: "afterSale",
    nameEn: "After-sales",
    nameZh: "售后服务",
    icon: "customer-service",
    children: [
      {
        key: "afterSale.salesReturn",
        nameEn: "Parts Returns",
        nameZh: "配件退货",
        path: "afterSale/salesReturn",
        roles: BOTH,
        buttons: [
          { permission: "salesReturn:create", nameEn: "File a return", nameZh: "提交退货", roles: DEALER },
          { permission: "salesReturn:ship", nameEn: "Ship returns in a batch", nameZh: "退货发货", roles: DEALER },
          { permission: "salesReturn:approve", nameEn: "Approve / reject", nameZh: "审核/驳回", roles: STAFF },
          { permission: "salesReturn:receive", nameEn: "Receive / complete", nameZh: "收货/完成", roles: STAFF },
        ],
      },
      { key: "afterSale.salesReturnLogs", nameEn: "Return Logs", nameZh: "退货记录", path: "afterSale/salesReturnLogs", roles: BOTH },
      {
        key: "afterSale.complaint",
        nameEn: "Customer Complaints",
        nameZh: "客户投诉",
        path: "afterSale/complaint",
        roles: BOTH,
        tile: { sort: 60, nameEn: "Customer Complaint", nameZh: "客户投诉" },
        buttons: [
          { permission: "complaint:create", nameEn: "File a complaint", nameZh: "提交投诉", roles: DEALER },
          { permission: "complaint:close", nameEn: "Close / add a note", nameZh: "关闭/补充说明", roles: DEALER },
          { permission: "complaint:reply", nameEn: "Take / reply", nameZh: "受理/回复", roles: STAFF },
        ],
      },
    ],
  },
  {
    key: "customerWms",
    nameEn: "Warehouse",
    nameZh: "仓储管理",
    icon: "database",
    children: [
      {
        key: "customerWms.warehouse",
        nameEn: "Warehouses",
        nameZh: "仓库",
        path: "customerWms/warehouse",
        roles: BOTH,
        buttons: [{ permission: "warehouse:manage", nameEn: "Manage warehouses and locations", nameZh: "维护仓库与库位", roles: DEALER }],
      },
      {
        key: "customerWms.inventory",
        nameEn: "Warehouse Inventory",
        nameZh: "仓库库存",
        path: "customerWms/inventory",
        roles: BOTH,
        buttons: [
          { permission: "inventory:export", nameEn: "Export", nameZh: "导出", roles: BOTH },
          { permission: "inventory:setMinimum", nameEn: "Set minimum stock", nameZh: "设置最低库存", roles: DEALER },
        ],
      },
      {
        key: "customerWms.entryWarehouseOrder",
        nameEn: "Entry Orders",
        nameZh: "入库单",
        path: "customerWms/entryWarehouseOrder",
        roles: BOTH,
        buttons: [{ permission: "wmsEntry:manage", nameEn: "Create / post entries", nameZh: "新建/过账入库单", roles: DEALER }],
      },
      {
        key: "customerWms.deliveryWarehouseOrder",
        nameEn: "Delivery Orders",
        nameZh: "出库单",
        path: "customerWms/deliveryWarehouseOrder",
        roles: BOTH,
        buttons: [{ permission: "wmsDelivery:manage", nameEn: "Create / post deliveries", nameZh: "新建/过账出库单", roles: DEALER }],
      },
      {
        key: "customerWms.moveWarehouse",
        nameEn: "Stock Moves",
        nameZh: "移库",
        path: "customerWms/moveWarehouse",
        roles: BOTH,
        buttons: [{ permission: "wmsMove:manage", nameEn: "Create / post moves", nameZh: "新建/过账移库单", roles: DEALER }],
      },
      {
        key: "customerWms.allotOrder",
        nameEn: "Transfers",
        nameZh: "调拨单",
        path: "customerWms/allotOrder",
        roles: BOTH,
        buttons: [{ permission: "wmsTransfer:manage", nameEn: "Create / ship / receive transfers", nameZh: "新建/发出/接收调拨单", roles: DEALER }],
      },
      {
        key: "customerWms.storeCheck",
        nameEn: "Stocktakes",
        nameZh: "盘点",
        path: "customerWms/storeCheck",
        roles: BOTH,
        buttons: [{ permission: "stocktake:manage", nameEn: "Create / count / post stocktakes", nameZh: "新建/盘点/过账盘点单", roles: DEALER }],
      },
      {
        key: "customerWms.storeCheckPlan",
        nameEn: "Stocktake Plans",
        nameZh: "盘点计划",
        path: "customerWms/storeCheckPlan",
        roles: BOTH,
        buttons: [{ permission: "stocktakePlan:manage", nameEn: "Manage stocktake plans", nameZh: "维护盘点计划", roles: DEALER }],
      },
      {
        key: "customerWms.pointOfSale",
        nameEn: "Points of Sale",
        nameZh: "销售网点",
        path: "customerWms/pointOfSale",
        roles: BOTH,
        buttons: [
          { permission: "pos:manage", nameEn: "Manage outlets", nameZh: "维护网点", roles: DEALER },
          { permission: "pos:sell", nameEn: "Counter sale", nameZh: "柜台销售", roles: DEALER },
        ],
      },
    ],
  },
  {
    key: "crm.customerPlan",
    nameEn: "Customer Plans",
    nameZh: "客户计划",
    path: "crm/customerPlan",
    icon: "team",
    roles: BOTH,
    buttons: [
      { permission: "plan:submit", nameEn: "Create / submit purchase plans", nameZh: "新建/提交采购计划", roles: DEALER },
      { permission: "plan:review", nameEn: "Review purchase plans (approve, return, adjust)", nameZh: "审核采购计划（批准/退回/调整）", roles: STAFF },
    ],
  },
  {
    key: "market.news",
    nameEn: "News",
    nameZh: "新闻资讯",
    path: "market/news",
    icon: "notification",
    roles: BOTH,
    buttons: [{ permission: "news:manage", nameEn: "Write / publish news", nameZh: "撰写/发布新闻", roles: STAFF }],
  },
  {
    key: "download.downloadCenters",
    nameEn: "Download Center",
    nameZh: "下载中心",
    path: "download/downloadCenters",
    icon: "download",
    roles: BOTH,
    tile: { sort: 70, nameEn: "Download Center", nameZh: "下载中心" },
    buttons: [{ permission: "download:manage", nameEn: "Manage download items", nameZh: "管理下载资料", roles: STAFF }],
  },
  {
    key: "system",
    nameEn: "System",
    nameZh: "系统管理",
    icon: "setting",
    children: [
      {
        key: "system.menu",
        nameEn: "Menus",
        nameZh: "菜单管理",
        path: "system/menu",
        buttons: [
          { permission: "menu:create", nameEn: "Create", nameZh: "新增" },
          { permission: "menu:update", nameEn: "Edit", nameZh: "编辑" },
          { permission: "menu:delete", nameEn: "Delete", nameZh: "删除" },
        ],
      },
      {
        key: "system.role",
        nameEn: "Roles",
        nameZh: "角色管理",
        path: "system/role",
        buttons: [
          { permission: "role:create", nameEn: "Create", nameZh: "新增" },
          { permission: "role:update", nameEn: "Edit", nameZh: "编辑" },
          { permission: "role:delete", nameEn: "Delete", nameZh: "删除" },
        ],
      },
      {
        key: "system.ruleScopes",
        nameEn: "Data Scopes",
        nameZh: "数据权限",
        path: "system/ruleScopes",
        buttons: [{ permission: "scope:update", nameEn: "Change scope", nameZh: "修改数据权限" }],
      },
      {
        key: "system.organization",
        nameEn: "Organizations",
        nameZh: "组织机构",
        path: "system/organization",
        buttons: [
          { permission: "org:create", nameEn: "Create", nameZh: "新增" },
          { permission: "org:update", nameEn: "Edit", nameZh: "编辑" },
          { permission: "org:delete", nameEn: "Delete", nameZh: "删除" },
        ],
      },
      {
        key: "system.company",
        nameEn: "Dealer Companies",
        nameZh: "经销商公司",
        path: "system/company",
        buttons: [
          { permission: "company:create", nameEn: "Onboard", nameZh: "新增" },
          { permission: "company:update", nameEn: "Edit", nameZh: "编辑" },
          { permission: "company:disable", nameEn: "Disable / enable", nameZh: "停用/启用" },
          { permission: "company:export", nameEn: "Export", nameZh: "导出" },
          { permission: "company:import", nameEn: "Import", nameZh: "导入" },
        ],
      },
      {
        key: "system.job",
        nameEn: "Jobs",
        nameZh: "岗位管理",
        path: "system/job",
        buttons: [
          { permission: "job:create", nameEn: "Create", nameZh: "新增" },
          { permission: "job:update", nameEn: "Edit", nameZh: "编辑" },
          { permission: "job:delete", nameEn: "Delete", nameZh: "删除" },
        ],
      },
      {
        key: "system.departmentEmployee",
        nameEn: "Employees",
        nameZh: "部门员工",
        path: "system/departmentEmployee",
        buttons: [
          { permission: "user:create", nameEn: "Create", nameZh: "新增" },
          { permission: "user:update", nameEn: "Edit", nameZh: "编辑" },
          { permission: "user:disable", nameEn: "Disable / enable", nameZh: "停用/启用" },
          { permission: "user:resetPassword", nameEn: "Reset password", nameZh: "重置密码" },
          { permission: "user:unlock", nameEn: "Unlock", nameZh: "解锁" },
          { permission: "user:approve", nameEn: "Approve registration", nameZh: "审核注册" },
        ],
      },
      {
        key: "system.orgSource",
        nameEn: "Dealer Types",
        nameZh: "经销商类型",
        path: "system/orgSource",
        buttons: [
          { permission: "orgSource:create", nameEn: "Create", nameZh: "新增" },
          { permission: "orgSource:update", nameEn: "Edit", nameZh: "编辑" },
          { permission: "orgSource:delete", nameEn: "Delete", nameZh: "删除" },
          { permission: "orgSource:export", nameEn: "Export", nameZh: "导出" },
          { permission: "orgSource:import", nameEn: "Import", nameZh: "导入" },
        ],
      },
      {
        key: "system.regionArea",
        nameEn: "Regions",
        nameZh: "行政区域",
        path: "system/regionArea",
        buttons: [
          { permission: "region:create", nameEn: "Create", nameZh: "新增" },
          { permission: "region:update", nameEn: "Edit", nameZh: "编辑" },
          { permission: "region:delete", nameEn: "Delete", nameZh: "删除" },
          { permission: "region:export", nameEn: "Export", nameZh: "导出" },
          { permission: "region:import", nameEn: "Import", nameZh: "导入" },
        ],
      },
      {
        key: "system.systemCode",
        nameEn: "Dictionaries",
        nameZh: "数据字典",
        path: "system/systemCode",
        buttons: [
          { permission: "dict:create", nameEn: "Create", nameZh: "新增" },
          { permission: "dict:update", nameEn: "Edit", nameZh: "编辑" },
          { permission: "dict:delete", nameEn: "Delete", nameZh: "删除" },
          { permission: "dict:export", nameEn: "Export", nameZh: "导出" },
          { permission: "dict:import", nameEn: "Import", nameZh: "导入" },
        ],
      },
      {
        key: "system.codeRule",
        nameEn: "Numbering Rules",
        nameZh: "编码规则",
        path: "system/codeRule",
        buttons: [
          { permission: "codeRule:create", nameEn: "Create", nameZh: "新增" },
          { permission: "codeRule:update", nameEn: "Edit", nameZh: "编辑" },
          { permission: "codeRule:delete", nameEn: "Delete", nameZh: "删除" },
          { permission: "codeRule:export", nameEn: "Export", nameZh: "导出" },
        ],
      },
      {
        key: "system.systemVariableDefault",
        nameEn: "Variable Defaults",
        nameZh: "系统变量默认值",
        path: "system/systemVariableDefault",
        buttons: [
          { permission: "variable:update", nameEn: "Edit", nameZh: "编辑" },
          { permission: "variable:export", nameEn: "Export", nameZh: "导出" },
        ],
      },
      {
        key: "system.systemVariable",
        nameEn: "System Variables",
        nameZh: "系统变量",
        path: "system/systemVariable",
        buttons: [
          { permission: "variable:override", nameEn: "Set company value", nameZh: "设置公司取值" },
          { permission: "variable:deleteOverride", nameEn: "Delete company value", nameZh: "删除公司取值" },
        ],
      },
      {
        key: "system.attachmentConfig",
        nameEn: "Attachment Settings",
        nameZh: "附件配置",
        path: "system/attachmentConfig",
        buttons: [{ permission: "attachment:update", nameEn: "Edit", nameZh: "编辑" }],
      },
      {
        key: "system.messageSetting",
        nameEn: "Message Settings",
        nameZh: "消息设置",
        path: "system/messageSetting",
        buttons: [
          { permission: "message:create", nameEn: "Create", nameZh: "新增" },
          { permission: "message:update", nameEn: "Edit", nameZh: "编辑" },
          { permission: "message:delete", nameEn: "Delete", nameZh: "删除" },
        ],
      },
      // Issue 21: dealers read their own members and staff those of their data scope (the System
      // group then shows this one screen to them); tiers, rules and adjustments are staff's.
      {
        key: "system.memberSystem",
        nameEn: "Member System",
        nameZh: "会员体系",
        path: "system/memberSystem",
        roles: BOTH,
        buttons: [
          { permission: "memberTier:manage", nameEn: "Manage tiers", nameZh: "维护会员等级", roles: STAFF },
          { permission: "memberRule:manage", nameEn: "Manage point rules", nameZh: "维护积分规则", roles: STAFF },
          { permission: "memberPoints:adjust", nameEn: "Adjust points", nameZh: "调整积分", roles: STAFF },
        ],
      },
      // Issue 23: QR code templates; administrators only by default. Printing labels needs only
      // the list screen the records are selected on (car/stock, the goods lists, download items).
      {
        key: "system.qrcodeModel",
        nameEn: "QR Code Templates",
        nameZh: "二维码模板",
        path: "system/qrcodeModel",
        buttons: [{ permission: "qrcodeModel:manage", nameEn: "Create, edit and delete templates", nameZh: "新建、编辑和删除模板" }],
      },
      {
        key: "system.appVersion",
        nameEn: "App Versions",
        nameZh: "应用版本",
        path: "system/appVersion",
        buttons: [
          { permission: "appRelease:manage", nameEn: "Create, edit and delete drafts", nameZh: "新建、编辑和删除草稿" },
          { permission: "appRelease:publish", nameEn: "Publish and withdraw", nameZh: "发布和撤回" },
        ],
      },
      // Issue 22: the REST API's OAuth clients; administrators only (no role besides ADMIN).
      {
        key: "system.client",
        nameEn: "API Clients",
        nameZh: "客户端管理",
        path: "system/client",
        buttons: [
          { permission: "client:create", nameEn: "Create", nameZh: "新增" },
          { permission: "client:update", nameEn: "Edit", nameZh: "编辑" },
          { permission: "client:rotate", nameEn: "Rotate secret", nameZh: "轮换密钥" },
          { permission: "client:disable", nameEn: "Enable, disable, revoke tokens, delete", nameZh: "启用、停用、吊销令牌、删除" },
        ],
      },
      // Administrators only by default (they may grant it to staff roles, whose data scope then applies).
      {
        key: "system.userEquipment",
        nameEn: "User Devices",
        nameZh: "用户设备",
        path: "system/userEquipment",
        buttons: [
          { permission: "device:unbind", nameEn: "Unbind devices", nameZh: "解绑设备" },
          { permission: "device:block", nameEn: "Block / unblock devices", nameZh: "禁用/解禁设备" },
        ],
      },
      { key: "system.loginLog", nameEn: "Login Log", nameZh: "登录日志", path: "system/loginLog", buttons: [{ permission: "loginLog:export", nameEn: "Export", nameZh: "导出" }] },
      // The outbox shows live verification codes: the screen opens only with sms:outbox too (lib/access/menus.ts).
      {
        key: "system.smsOutbox",
        nameEn: "SMS Outbox",
        nameZh: "短信发件箱",
        path: "system/smsOutbox",
        buttons: [{ permission: "sms:outbox", nameEn: "Read messages and live codes", nameZh: "查看短信与有效验证码" }],
      },
      // Issue 23: the WeChat official account and mini program, and the WECHAT channel's messages.
      {
        key: "system.weixinApp",
        nameEn: "WeChat Apps",
        nameZh: "微信应用",
        path: "system/weixinApp",
        buttons: [
          { permission: "weixinApp:manage", nameEn: "Create, edit, enable and delete apps", nameZh: "新建、编辑、启用和删除应用" },
          { permission: "wechatMessage:retry", nameEn: "Retry failed messages", nameZh: "重发失败消息" },
        ],
      },
    ],
  },
];
