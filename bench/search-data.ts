/**
 * A deterministic synthetic catalog for the search benchmark: stores, the demo category tree,
 * and products whose titles and descriptions are drawn from per-category vocabularies. Half of
 * the products come from Chinese sellers (Chinese title and description, with an English
 * translation); the other half carry English text in both locales, as untranslated imports do.
 */
import { seededRandom, stableUuid } from '../lib/demo/ids';

type Words = { en: string; zh: string };
const w = (en: string, zh: string): Words => ({ en, zh });

/** Nouns per leaf category of the demo tree (lib/demo/catalog-data.ts). */
export const nounsByCategory: Record<string, Words[]> = {
  headphones: [w('Earbuds', '蓝牙耳机'), w('Headphones', '头戴式耳机'), w('Earphones', '入耳式耳机'), w('Gaming Headset', '电竞耳麦')],
  speakers: [w('Speaker', '蓝牙音箱'), w('Soundbar', '回音壁'), w('Subwoofer', '低音炮'), w('Bookshelf Speakers', '书架音箱')],
  'phone-cases': [w('iPhone Case', 'iPhone 手机壳'), w('Phone Cover', '手机保护套'), w('Bumper Case', '防摔边框壳'), w('Wallet Case', '卡包手机壳')],
  chargers: [w('Charger', '充电器'), w('USB-C Cable', '数据线'), w('Power Bank', '充电宝'), w('Charging Pad', '无线充电板')],
  'smart-home': [w('Smart Plug', '智能插座'), w('Smart Bulb', '智能灯泡'), w('Security Camera', '监控摄像头'), w('Video Doorbell', '可视门铃')],
  kitchen: [w('Mug', '马克杯'), w('Kettle', '电水壶'), w('Chef Knife', '厨师刀'), w('Frying Pan', '平底锅'), w('Cutting Board', '砧板')],
  decor: [w('Scented Candle', '香薰蜡烛'), w('Vase', '花瓶'), w('Cushion Cover', '抱枕套'), w('Table Lamp', '台灯'), w('Photo Frame', '相框')],
  outerwear: [w('Jacket', '夹克'), w('Overcoat', '大衣'), w('Down Parka', '羽绒服'), w('Fleece Vest', '抓绒马甲')],
  accessories: [w('Scarf', '围巾'), w('Wallet', '钱包'), w('Leather Belt', '真皮腰带'), w('Backpack', '双肩包'), w('Headphone Case', '耳机收纳盒')],
  software: [w('Photo Editor', '修图软件'), w('Audio Plugin', '音频插件'), w('Office Suite', '办公套件')],
  ebooks: [w('Recording Guide', '录音指南'), w('Cookbook', '食谱'), w('Travel Handbook', '旅行手册')],
};

const adjectivesByCategory: Record<string, Words[]> = {
  headphones: [w('Wireless', '无线'), w('Noise Cancelling', '降噪'), w('Bluetooth', '蓝牙'), w('Sport', '运动')],
  speakers: [w('Portable', '便携'), w('Waterproof', '防水'), w('Bluetooth', '蓝牙'), w('Smart', '智能')],
  'phone-cases': [w('Magnetic', '磁吸'), w('Clear', '透明'), w('Shockproof', '防摔'), w('Slim', '超薄')],
  chargers: [w('Fast', '快充'), w('GaN', '氮化镓'), w('Wireless', '无线'), w('Compact', '迷你')],
  'smart-home': [w('Smart', '智能'), w('WiFi', '无线'), w('Outdoor', '户外'), w('HD', '高清')],
  kitchen: [w('Ceramic', '陶瓷'), w('Stainless Steel', '不锈钢'), w('Wooden', '实木'), w('Nonstick', '不粘')],
  decor: [w('Handmade', '手工'), w('Linen', '亚麻'), w('Vintage', '复古'), w('Minimalist', '极简')],
  outerwear: [w('Waterproof', '防水'), w('Wool', '羊毛'), w('Lightweight', '轻薄'), w('Warm', '保暖')],
  accessories: [w('Leather', '真皮'), w('Cashmere', '羊绒'), w('Travel', '旅行'), w('Classic', '经典')],
  software: [w('Professional', '专业'), w('Lifetime', '永久'), w('Cloud', '云端')],
  ebooks: [w('Illustrated', '图解'), w('Beginner', '入门'), w('Complete', '完全')],
};

const features: Words[] = [
  w('a 30-hour battery', '30 小时续航'),
  w('fast pairing over Bluetooth 5.4', '蓝牙 5.4 快速配对'),
  w('a two-year warranty', '两年质保'),
  w('free shipping and easy returns', '包邮，七天无理由退货'),
  w('premium materials', '精选优质材料'),
  w('a compact design that travels well', '小巧便携，出行无忧'),
  w('water resistance for daily use', '日常防水防溅'),
  w('a gift box', '精美礼盒包装'),
  w('USB-C charging', 'USB-C 充电接口'),
  w('a soft-touch finish', '亲肤磨砂质感'),
];

const brands: Words[] = [
  w('Lumio', '璐米'), w('Vantra', '万创'), w('Orbix', '欧比'), w('Kestrel', '隼'), w('Nimbus', '云朵'),
  w('Halden', '海登'), w('Qiyun', '启云'), w('Tianma', '天马'), w('Beacon', '灯塔'), w('Mosaic', '马赛克'),
  w('Fenwick', '芬威'), w('Zhenpin', '臻品'), w('Aster', '紫菀'), w('Corvid', '鸦'), w('Lingxi', '灵犀'),
];

const series: Words[] = [
  w('Pro', 'Pro'), w('Lite', '青春版'), w('Max', 'Max'), w('Mini', 'mini'), w('Air', 'Air'),
  w('2025 Edition', '2025 新款'), w('Classic', '经典款'), w('Limited Edition', '限定版'), w('Plus', 'Plus'), w('SE', 'SE'),
];

export type BenchMerchant = {
  id: string;
  slug: string;
  displayName: string;
  markets: ('CN' | 'US')[];
  accessMode: 'open' | 'protected';
};

/** 60 stores: a third sell in CN, a third in US, a third in both; two are protected. */
export function benchMerchants(): BenchMerchant[] {
  return Array.from({ length: 60 }, (_, i) => {
    const slug = `bench-store-${String(i + 1).padStart(2, '0')}`;
    const markets: ('CN' | 'US')[] = i % 3 === 0 ? ['CN'] : i % 3 === 1 ? ['US'] : ['US', 'CN'];
    return {
      id: stableUuid(`bench:merchant:${slug}`),
      slug,
      displayName: `Bench Store ${i + 1}`,
      markets,
      accessMode: i === 7 || i === 38 ? 'protected' : 'open',
    };
  });
}

export type BenchProduct = {
  id: string;
  status: 'active' | 'draft' | 'archived';
  merchantId: string;
  slug: string;
  title: { 'zh-CN': string; 'en-US': string };
  description: { 'zh-CN': string; 'en-US': string };
  category: string;
  createdAt: Date;
  skus: { id: string; code: string; stock: number; usd: number }[];
};

const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

/** The product with index `n` (0-based); the same n always yields the same product. */
export function benchProduct(n: number, merchants: BenchMerchant[]): BenchProduct {
  const rand = seededRandom(n + 1);
  const categories = Object.keys(nounsByCategory);
  const category = pick(rand, categories);
  const noun = pick(rand, nounsByCategory[category]!);
  const adjective = pick(rand, adjectivesByCategory[category]!);
  const brand = pick(rand, brands);
  const edition = pick(rand, series);
  const f1 = pick(rand, features);
  const f2 = pick(rand, features);
  const chinese = n % 2 === 0;
  const enTitle = `${brand.en} ${adjective.en} ${noun.en} ${edition.en}`;
  const enDescription = `${adjective.en} ${noun.en.toLowerCase()} with ${f1.en} and ${f2.en}. Model ${n.toString(36).toUpperCase()}.`;
  const title = chinese
    ? { 'zh-CN': `${brand.zh} ${adjective.zh}${noun.zh} ${edition.zh}`, 'en-US': enTitle }
    : { 'zh-CN': enTitle, 'en-US': enTitle };
  const description = chinese
    ? { 'zh-CN': `${adjective.zh}${noun.zh}，${f1.zh}，${f2.zh}。型号 ${n.toString(36).toUpperCase()}。`, 'en-US': enDescription }
    : { 'zh-CN': enDescription, 'en-US': enDescription };
  const merchant = merchants[n % merchants.length]!;
  const id = stableUuid(`bench:product:${n}`);
  const skuCount = 1 + Math.floor(rand() * 3);
  const base = 500 + Math.floor(rand() * 400) * 100;
  const roll = rand();
  return {
    id,
    status: roll < 0.02 ? 'draft' : roll < 0.04 ? 'archived' : 'active',
    merchantId: merchant.id,
    slug: `${enTitle.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${n}`,
    title,
    description,
    category,
    // Two years of listings, newest last.
    createdAt: new Date(Date.UTC(2024, 10, 1) + n * 631_000),
    skus: Array.from({ length: skuCount }, (_, k) => ({
      id: stableUuid(`bench:sku:${n}:${k}`),
      code: `B${n}-${k + 1}`,
      stock: rand() < 0.1 ? 0 : 1 + Math.floor(rand() * 200),
      usd: base + k * 1000 - 1,
    })),
  };
}

/** CNY from USD at 7.2, whole yuan. */
export function cnyFromUsd(usdCents: number): number {
  return Math.round((usdCents * 7.2) / 100) * 100;
}

/** Query pools per kind of the benchmark mix: what shoppers type, drawn from the same vocabularies. */
export const queryPools = {
  englishOneWord: ['wireless', 'earbuds', 'speaker', 'charger', 'jacket', 'leather', 'candle', 'camera', 'mug', 'waterproof', 'backpack', 'kettle'],
  englishTwoWords: ['wireless earbuds', 'portable speaker', 'leather wallet', 'smart plug', 'ceramic mug', 'fast charger', 'wool overcoat', 'iphone case', 'scented candle', 'security camera'],
  chineseTwoChars: ['耳机', '音箱', '蓝牙', '手机', '围巾', '蜡烛', '插座', '大衣', '充电', '钱包'],
  chineseFourChars: ['蓝牙耳机', '蓝牙音箱', '无线充电', '智能插座', '香薰蜡烛', '羊毛大衣', '真皮钱包', '降噪耳机'],
};
