import { db } from "@/lib/db";

// China's administrative divisions (system/regionArea), GB/T 2260 codes: every provincial-level
// division, the cities of Jiangsu, Zhejiang and Guangdong, and the districts of Beijing and
// Shanghai (the demo dealers' cities). Created when missing; administrators' edits are kept.
// Each list is "code English 中文" per line; a province's cities follow it.

type Area = { code: string; nameEn: string; nameZh: string };
const parse = (text: string): Area[] =>
  text
    .trim()
    .split("\n")
    .map((line) => {
      const m = /^(\d{6}) (.+) (\S+)$/.exec(line.trim());
      if (!m) throw new Error(`bad region line: ${line}`);
      return { code: m[1], nameEn: m[2], nameZh: m[3] };
    });

const provinces = parse(`
110000 Beijing 北京市
120000 Tianjin 天津市
130000 Hebei 河北省
140000 Shanxi 山西省
150000 Inner Mongolia 内蒙古自治区
210000 Liaoning 辽宁省
220000 Jilin 吉林省
230000 Heilongjiang 黑龙江省
310000 Shanghai 上海市
320000 Jiangsu 江苏省
330000 Zhejiang 浙江省
340000 Anhui 安徽省
350000 Fujian 福建省
360000 Jiangxi 江西省
370000 Shandong 山东省
410000 Henan 河南省
420000 Hubei 湖北省
430000 Hunan 湖南省
440000 Guangdong 广东省
450000 Guangxi 广西壮族自治区
460000 Hainan 海南省
500000 Chongqing 重庆市
510000 Sichuan 四川省
520000 Guizhou 贵州省
530000 Yunnan 云南省
540000 Tibet 西藏自治区
610000 Shaanxi 陕西省
620000 Gansu 甘肃省
630000 Qinghai 青海省
640000 Ningxia 宁夏回族自治区
650000 Xinjiang 新疆维吾尔自治区
710000 Taiwan 台湾省
810000 Hong Kong 香港特别行政区
820000 Macao 澳门特别行政区
`);

// Municipalities' city level (GB/T 2260 "市辖区") is named after the city.
const cities = parse(`
110100 Beijing City 北京市
310100 Shanghai City 上海市
320100 Nanjing 南京市
320200 Wuxi 无锡市
320300 Xuzhou 徐州市
320400 Changzhou 常州市
320500 Suzhou 苏州市
320600 Nantong 南通市
320700 Lianyungang 连云港市
320800 Huai’an 淮安市
320900 Yancheng 盐城市
321000 Yangzhou 扬州市
321100 Zhenjiang 镇江市
321200 Taizhou 泰州市
321300 Suqian 宿迁市
330100 Hangzhou 杭州市
330200 Ningbo 宁波市
330300 Wenzhou 温州市
330400 Jiaxing 嘉兴市
330500 Huzhou 湖州市
330600 Shaoxing 绍兴市
330700 Jinhua 金华市
330800 Quzhou 衢州市
330900 Zhoushan 舟山市
331000 Taizhou 台州市
331100 Lishui 丽水市
440100 Guangzhou 广州市
440200 Shaoguan 韶关市
440300 Shenzhen 深圳市
440400 Zhuhai 珠海市
440500 Shantou 汕头市
440600 Foshan 佛山市
440700 Jiangmen 江门市
440800 Zhanjiang 湛江市
440900 Maoming 茂名市
441200 Zhaoqing 肇庆市
441300 Huizhou 惠州市
441400 Meizhou 梅州市
441500 Shanwei 汕尾市
441600 Heyuan 河源市
441700 Yangjiang 阳江市
441800 Qingyuan 清远市
441900 Dongguan 东莞市
442000 Zhongshan 中山市
445100 Chaozhou 潮州市
445200 Jieyang 揭阳市
445300 Yunfu 云浮市
`);

const districts = parse(`
110101 Dongcheng 东城区
110102 Xicheng 西城区
110105 Chaoyang 朝阳区
110106 Fengtai 丰台区
110107 Shijingshan 石景山区
110108 Haidian 海淀区
110109 Mentougou 门头沟区
110111 Fangshan 房山区
110112 Tongzhou 通州区
110113 Shunyi 顺义区
110114 Changping 昌平区
110115 Daxing 大兴区
110116 Huairou 怀柔区
110117 Pinggu 平谷区
110118 Miyun 密云区
110119 Yanqing 延庆区
310101 Huangpu 黄浦区
310104 Xuhui 徐汇区
310105 Changning 长宁区
310106 Jing’an 静安区
310107 Putuo 普陀区
310109 Hongkou 虹口区
310110 Yangpu 杨浦区
310112 Minhang 闵行区
310113 Baoshan 宝山区
310114 Jiading 嘉定区
310115 Pudong New Area 浦东新区
310116 Jinshan 金山区
310117 Songjiang 松江区
310118 Qingpu 青浦区
310120 Fengxian 奉贤区
310151 Chongming 崇明区
`);

/** Every seeded area with its level and parent code (parents before children). */
export const regionSeed = [
  ...provinces.map((a) => ({ ...a, level: 1, parentCode: null })),
  ...cities.map((a) => ({ ...a, level: 2, parentCode: `${a.code.slice(0, 2)}0000` })),
  ...districts.map((a) => ({ ...a, level: 3, parentCode: `${a.code.slice(0, 4)}00` })),
];

/** Creates the missing areas; returns every area's id by code. */
export async function seedRegions(): Promise<Map<string, number>> {
  const existing = await db().regionArea.findMany({ select: { id: true, code: true } });
  const ids = new Map(existing.map((r) => [r.code, r.id]));
  for (const { parentCode, ...a } of regionSeed) {
    if (ids.has(a.code)) continue;
    const row = await db().regionArea.create({ data: { ...a, parentId: parentCode ? (ids.get(parentCode) ?? null) : null }, select: { id: true } });
    ids.set(a.code, row.id);
  }
  return ids;
}
