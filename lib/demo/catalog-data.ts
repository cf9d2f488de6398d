/** The demo catalog: three stores, a category tree of depth 3, and 200+ products. */

export type L = { 'zh-CN': string; 'en-US': string };
const l = (zh: string, en: string): L => ({ 'zh-CN': zh, 'en-US': en });

export type DemoCategory = { slug: string; name: L; children?: DemoCategory[] };

export const demoCategories: DemoCategory[] = [
  {
    slug: 'electronics',
    name: l('数码电子', 'Electronics'),
    children: [
      {
        slug: 'audio',
        name: l('影音', 'Audio'),
        children: [
          { slug: 'headphones', name: l('耳机', 'Headphones') },
          { slug: 'speakers', name: l('音箱', 'Speakers') },
        ],
      },
      {
        slug: 'phone-accessories',
        name: l('手机配件', 'Phone accessories'),
        children: [
          { slug: 'phone-cases', name: l('手机壳', 'Phone cases') },
          { slug: 'chargers', name: l('充电器', 'Chargers') },
        ],
      },
      { slug: 'smart-home', name: l('智能家居', 'Smart home') },
    ],
  },
  {
    slug: 'home-living',
    name: l('家居生活', 'Home & living'),
    children: [
      { slug: 'kitchen', name: l('厨房', 'Kitchen') },
      { slug: 'decor', name: l('家饰', 'Decor') },
    ],
  },
  {
    slug: 'apparel',
    name: l('服饰', 'Apparel'),
    children: [
      { slug: 'outerwear', name: l('外套', 'Outerwear') },
      { slug: 'accessories', name: l('配饰', 'Accessories') },
    ],
  },
  {
    slug: 'digital-goods',
    name: l('数字商品', 'Digital goods'),
    children: [
      { slug: 'software', name: l('软件', 'Software') },
      { slug: 'ebooks', name: l('电子书', 'E-books') },
    ],
  },
];

export type DemoMerchant = {
  slug: string;
  displayName: string;
  tagline: L;
  defaultLocale: 'zh-CN' | 'en-US';
  defaultMarket: 'CN' | 'US';
  markets: ('CN' | 'US')[];
  contact: { email: string; phone: string; hours: L };
  /** Demo password of a protected store (stored hashed by the store-access feature). */
  password?: string;
  accent: string;
};

export const demoMerchants: DemoMerchant[] = [
  {
    slug: 'huaxia-digital',
    displayName: '华夏数码',
    tagline: l('正品数码，次日达', 'Genuine electronics, next-day delivery'),
    defaultLocale: 'zh-CN',
    defaultMarket: 'CN',
    markets: ['CN'],
    contact: { email: 'service@huaxia-digital.example', phone: '+86 400 820 8820', hours: l('每天 9:00–21:00', 'Daily 9:00–21:00 (CST)') },
    accent: '#d4380d',
  },
  {
    slug: 'lumen-audio',
    displayName: 'Lumen Audio',
    tagline: l('为细节而生的声音', 'Sound built for the details'),
    defaultLocale: 'en-US',
    defaultMarket: 'US',
    markets: ['US', 'CN'],
    contact: { email: 'hello@lumen-audio.example', phone: '+1 415 555 0134', hours: l('周一至周五 9:00–17:00（太平洋时间）', 'Mon–Fri 9:00–17:00 PT') },
    accent: '#1d39c4',
  },
  {
    slug: 'maison-atelier',
    displayName: 'Maison Atelier',
    tagline: l('会员专享的手作家居', 'Handmade home goods for members'),
    defaultLocale: 'en-US',
    defaultMarket: 'US',
    markets: ['US'],
    contact: { email: 'members@maison-atelier.example', phone: '+1 212 555 0199', hours: l('周二至周六 10:00–18:00', 'Tue–Sat 10:00–18:00 ET') },
    password: 'atelier-members-2026',
    accent: '#389e0d',
  },
];

/** What a product is drawn as (scripts/generate-demo-media.ts draws one picture per kind and colour). */
export const demoArtKinds = [
  'earbuds', 'headphones', 'portable-speaker', 'phone-case', 'clear-case', 'charger', 'charging-pad', 'smart-plug',
  'doorbell', 'photo-software', 'bookshelf-speakers', 'smart-speaker', 'ebook', 'plugin-software', 'travel-case',
  'charging-dock', 'mug', 'cutting-board', 'cushion', 'candle', 'coat', 'scarf',
] as const;
export type DemoArt = (typeof demoArtKinds)[number];

export type ProductTemplate = {
  art: DemoArt;
  category: string;
  kind: 'physical' | 'digital';
  title: L;
  description: L;
  /** Base price in USD cents; CNY is derived at 7.2 and rounded to a .9 ending. */
  usd: number;
  /** `valueNames`: how shoppers read a value in each locale (Black -> 黑色); values without one show as written. */
  options?: { key: string; name: L; values: string[]; valueNames?: Record<string, L> }[];
};

const p = (
  art: DemoArt,
  category: string,
  zh: string,
  en: string,
  usd: number,
  descZh: string,
  descEn: string,
  options?: ProductTemplate['options'],
  kind: ProductTemplate['kind'] = 'physical',
): ProductTemplate => ({ art, category, kind, title: l(zh, en), description: l(descZh, descEn), usd, options });

const colors = {
  key: 'color',
  name: l('颜色', 'Color'),
  values: ['Black', 'White', 'Blue'],
  valueNames: { Black: l('黑色', 'Black'), White: l('白色', 'White'), Blue: l('蓝色', 'Blue') },
};
const sizes = { key: 'size', name: l('尺码', 'Size'), values: ['S', 'M', 'L'] };
const models = { key: 'model', name: l('机型', 'Model'), values: ['iPhone 16', 'iPhone 16 Pro', 'iPhone 17'] };
const licences = { key: 'licence', name: l('授权', 'Licence'), values: ['Personal', 'Team'], valueNames: { Personal: l('个人版', 'Personal'), Team: l('团队版', 'Team') } };

/** Base products per store; each is repeated across series names to fill the catalog. */
export const demoTemplates: Record<string, ProductTemplate[]> = {
  'huaxia-digital': [
    p('earbuds', 'headphones', '无线蓝牙耳机', 'Wireless Bluetooth Earbuds', 5900, '主动降噪，续航 30 小时，蓝牙 5.4 低延迟连接。', 'Active noise cancelling, 30-hour battery, low-latency Bluetooth 5.4.', [colors]),
    p('headphones', 'headphones', '头戴式降噪耳机', 'Over-Ear Noise Cancelling Headphones', 12900, '自适应降噪，佩戴舒适，可折叠收纳。', 'Adaptive noise cancelling, all-day comfort, folds flat.', [colors]),
    p('portable-speaker', 'speakers', '便携蓝牙音箱', 'Portable Bluetooth Speaker', 4900, 'IPX7 防水，360° 环绕声，户外随身听。', 'IPX7 waterproof, 360° sound for the outdoors.', [colors]),
    p('phone-case', 'phone-cases', 'iPhone 手机壳', 'iPhone Case', 1900, '液态硅胶材质，防摔保护，支持 MagSafe 磁吸。', 'Liquid silicone, drop protection, MagSafe compatible.', [models, colors]),
    p('clear-case', 'phone-cases', '透明防摔手机壳', 'Clear Shockproof Phone Case', 1500, '高透不发黄，四角气囊防摔。', 'Crystal clear that never yellows, air-cushion corners.', [models]),
    p('charger', 'chargers', '氮化镓快充充电器', 'GaN Fast Charger', 3500, '65W 氮化镓，三口同时快充，小巧便携。', '65W GaN, three ports fast-charging at once, pocket-sized.'),
    p('charging-pad', 'chargers', '无线充电板', 'Wireless Charging Pad', 2500, '15W 无线快充，支持多种设备。', '15W wireless fast charging for phones and earbuds.', [colors]),
    p('smart-plug', 'smart-home', '智能插座', 'Smart Plug', 1200, '远程控制家电，定时开关，电量统计。', 'Control appliances remotely, schedules, energy stats.'),
    p('doorbell', 'smart-home', '智能门铃摄像头', 'Smart Video Doorbell', 8900, '2K 高清画质，夜视，移动侦测提醒。', '2K video, night vision, motion alerts.'),
    p('photo-software', 'software', '照片编辑软件', 'Photo Editing Software', 3900, '专业级调色与修图工具，一次购买永久使用。', 'Pro-grade colour and retouching tools, buy once and keep.', [licences], 'digital'),
  ],
  'lumen-audio': [
    p('earbuds', 'headphones', '极光无线耳机', 'Aurora Wireless Earbuds', 14900, '定制动圈单元，空间音频，主动降噪。', 'Custom dynamic drivers, spatial audio, active noise cancelling.', [colors]),
    p('headphones', 'headphones', '录音室监听耳机', 'Studio Monitor Headphones', 19900, '平直频响，专为混音与母带制作。', 'Flat response tuned for mixing and mastering.'),
    p('bookshelf-speakers', 'speakers', '书架音箱', 'Bookshelf Speakers', 34900, '一对有源书架音箱，木质箱体，蓝牙与光纤输入。', 'A pair of powered bookshelf speakers, wood cabinets, Bluetooth and optical in.', [colors]),
    p('smart-speaker', 'speakers', '智能家庭音箱', 'Smart Home Speaker', 9900, '语音助手，多房间同步播放。', 'Voice assistant and multi-room playback.', [colors]),
    p('ebook', 'ebooks', '家庭录音指南', 'Home Recording Guide', 1900, '从零开始搭建家庭录音棚的电子书。', 'An e-book on building a home studio from scratch.', undefined, 'digital'),
    p('plugin-software', 'software', '均衡器插件', 'Equalizer Plugin', 4900, '线性相位均衡器插件，支持 VST3 与 AU。', 'Linear-phase equalizer plugin for VST3 and AU.', [licences], 'digital'),
    p('travel-case', 'accessories', '耳机收纳盒', 'Headphone Travel Case', 2900, '硬壳防压，内衬绒布。', 'Hard shell, soft lining, fits most over-ear headphones.'),
    p('charging-dock', 'chargers', '耳机充电底座', 'Earbuds Charging Dock', 3900, '磁吸充电底座，桌面整洁。', 'Magnetic charging dock that keeps the desk tidy.'),
  ],
  'maison-atelier': [
    p('mug', 'kitchen', '手工陶瓷马克杯', 'Handmade Ceramic Mug', 3200, '手拉坯陶瓷，每只釉色独一无二。', 'Wheel-thrown stoneware, every glaze one of a kind.', [colors]),
    p('cutting-board', 'kitchen', '橄榄木砧板', 'Olive Wood Cutting Board', 5800, '整块橄榄木，天然纹理。', 'Solid olive wood with natural grain.'),
    p('cushion', 'decor', '亚麻抱枕套', 'Linen Cushion Cover', 4500, '水洗亚麻，柔软透气。', 'Stone-washed linen, soft and breathable.', [colors]),
    p('candle', 'decor', '手工香薰蜡烛', 'Hand-Poured Scented Candle', 3800, '大豆蜡，燃烧 50 小时。', 'Soy wax, 50-hour burn.'),
    p('coat', 'outerwear', '羊毛大衣', 'Wool Overcoat', 39800, '意大利羊毛面料，经典剪裁。', 'Italian wool, a classic cut.', [sizes]),
    p('scarf', 'accessories', '羊绒围巾', 'Cashmere Scarf', 12800, '内蒙古羊绒，柔软保暖。', 'Pure cashmere, soft and warm.', [colors]),
  ],
};

/** Series names that multiply the templates into a full catalog. */
export const demoSeries: L[] = [
  l('Pro', 'Pro'),
  l('Lite', 'Lite'),
  l('Max', 'Max'),
  l('青春版', 'Youth Edition'),
  l('经典款', 'Classic'),
  l('旗舰版', 'Flagship'),
  l('2026 款', '2026 Edition'),
  l('限定版', 'Limited Edition'),
  l('mini', 'Mini'),
  l('Air', 'Air'),
];
