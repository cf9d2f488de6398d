/**
 * Mainland China's 31 provincial-level divisions: the official name an address is normalized
 * to, with the short and pinyin forms shoppers also type. Hong Kong, Macao and Taiwan are
 * outside the CN market's customs and tax area, so they are not listed.
 */
export const cnProvinces: readonly { name: string; aliases: readonly string[] }[] = [
  { name: '北京市', aliases: ['北京', 'Beijing'] },
  { name: '天津市', aliases: ['天津', 'Tianjin'] },
  { name: '上海市', aliases: ['上海', 'Shanghai'] },
  { name: '重庆市', aliases: ['重庆', 'Chongqing'] },
  { name: '河北省', aliases: ['河北', 'Hebei'] },
  { name: '山西省', aliases: ['山西', 'Shanxi'] },
  { name: '辽宁省', aliases: ['辽宁', 'Liaoning'] },
  { name: '吉林省', aliases: ['吉林', 'Jilin'] },
  { name: '黑龙江省', aliases: ['黑龙江', 'Heilongjiang'] },
  { name: '江苏省', aliases: ['江苏', 'Jiangsu'] },
  { name: '浙江省', aliases: ['浙江', 'Zhejiang'] },
  { name: '安徽省', aliases: ['安徽', 'Anhui'] },
  { name: '福建省', aliases: ['福建', 'Fujian'] },
  { name: '江西省', aliases: ['江西', 'Jiangxi'] },
  { name: '山东省', aliases: ['山东', 'Shandong'] },
  { name: '河南省', aliases: ['河南', 'Henan'] },
  { name: '湖北省', aliases: ['湖北', 'Hubei'] },
  { name: '湖南省', aliases: ['湖南', 'Hunan'] },
  { name: '广东省', aliases: ['广东', 'Guangdong'] },
  { name: '海南省', aliases: ['海南', 'Hainan'] },
  { name: '四川省', aliases: ['四川', 'Sichuan'] },
  { name: '贵州省', aliases: ['贵州', 'Guizhou'] },
  { name: '云南省', aliases: ['云南', 'Yunnan'] },
  { name: '陕西省', aliases: ['陕西', 'Shaanxi'] },
  { name: '甘肃省', aliases: ['甘肃', 'Gansu'] },
  { name: '青海省', aliases: ['青海', 'Qinghai'] },
  { name: '内蒙古自治区', aliases: ['内蒙古', 'Inner Mongolia', 'Nei Mongol'] },
  { name: '广西壮族自治区', aliases: ['广西', 'Guangxi'] },
  { name: '西藏自治区', aliases: ['西藏', 'Tibet', 'Xizang'] },
  { name: '宁夏回族自治区', aliases: ['宁夏', 'Ningxia'] },
  { name: '新疆维吾尔自治区', aliases: ['新疆', 'Xinjiang'] },
];

const byName = new Map<string, string>();
for (const p of cnProvinces) {
  for (const form of [p.name, ...p.aliases]) byName.set(form.toLowerCase().replace(/\s+/g, ''), p.name);
}

/** The official name of a province given any of its accepted forms, or null. */
export function cnProvinceName(input: string): string | null {
  return byName.get(input.toLowerCase().replace(/\s+/g, '')) ?? null;
}
