import type { StockReason } from '@/lib/catalog/schemas';
import type { Locale } from '@/lib/schemas/common';

/** The console's inventory words, en-US and zh-CN. */
const en = {
  title: 'Inventory',
  intro: 'On hand is what you hold and have not sold; open checkouts hold part of it reserved until they are paid, cancelled or expire; the rest is available to sell.',
  filterLabel: 'Show',
  all: 'All SKUs',
  lowOnly: (n: number) => `Low stock (${n} or fewer available)`,
  columns: { product: 'Product', onHand: 'On hand', reserved: 'Reserved', available: 'Available' },
  low: 'Low',
  out: 'Out of stock',
  noSkus: 'No SKUs yet.',
  noSkusHint: 'Products you add to the store appear here with their stock.',
  noLow: 'Nothing is low on stock.',
  noLowHint: (n: number) => `Every SKU has more than ${n} available.`,
  invalidFilter: 'The page link was not understood; showing the first page.',
  thresholdTitle: 'Low-stock threshold',
  thresholdLabel: 'Low at or below (units available)',
  thresholdHint: 'The low-stock filter and the inventory.low webhook use it.',
  save: 'Save',
  saved: 'Saved.',
  unchanged: 'Nothing changed.',
  // one SKU
  backToInventory: 'All inventory',
  sku: 'SKU code',
  options: 'Options',
  version: 'Changes so far',
  adjustTitle: 'Adjust stock',
  delta: 'Units to add or remove',
  deltaHint: 'A whole number: 12 adds twelve, -3 removes three.',
  reason: 'Reason',
  note: 'Note (optional)',
  noteHint: 'Up to 200 characters, kept in the history.',
  adjust: 'Adjust',
  adjusted: (onHand: number) => `Stock adjusted: ${onHand} on hand.`,
  reasons: {
    received: 'Received',
    returned: 'Returned to stock',
    damaged: 'Damaged',
    lost: 'Lost',
    correction: 'Correction',
    cycle_count: 'Cycle count',
  } satisfies Record<StockReason, string>,
  historyTitle: 'History',
  historyEmpty: 'No changes yet.',
  historyColumns: { when: 'When', change: 'Change', after: 'On hand after', reason: 'Reason', who: 'By' },
  actorKinds: { merchant_user: 'merchant', installation: 'app', operator: 'operator', shopper: 'shopper', system: 'system' } as Record<string, string>,
  errors: {
    required: 'Required.',
    delta: 'Enter a whole number other than 0, such as 12 or -3.',
    tooMany: 'That would be more units than the store can hold.',
    reason: 'Choose a reason.',
    note: 'Keep the note to 200 characters.',
    belowReserved: (reserved: number, onHand: number) => `Open checkouts hold ${reserved} of the ${onHand} on hand: on hand cannot go below ${reserved}.`,
    belowZero: (onHand: number) => `Only ${onHand} on hand: you cannot remove more than that.`,
    threshold: 'Enter a whole number from 0 to 1,000,000.',
    gone: 'This SKU no longer exists.',
  },
};

const zh: typeof en = {
  title: '库存',
  intro: '在库是你持有且尚未售出的数量；未完成的结账会预留其中一部分，直到付款、取消或过期；其余为可售。',
  filterLabel: '显示',
  all: '全部 SKU',
  lowOnly: (n) => `低库存（可售不超过 ${n}）`,
  columns: { product: '商品', onHand: '在库', reserved: '预留', available: '可售' },
  low: '低库存',
  out: '缺货',
  noSkus: '还没有 SKU。',
  noSkusHint: '你在店铺中添加的商品会连同库存显示在这里。',
  noLow: '没有低库存的 SKU。',
  noLowHint: (n) => `每个 SKU 的可售数量都超过 ${n}。`,
  invalidFilter: '无法识别该页面链接，已显示第一页。',
  thresholdTitle: '低库存阈值',
  thresholdLabel: '可售不超过此数即为低库存',
  thresholdHint: '低库存筛选和 inventory.low Webhook 使用此值。',
  save: '保存',
  saved: '已保存。',
  unchanged: '没有改动。',
  backToInventory: '全部库存',
  sku: 'SKU 编码',
  options: '规格',
  version: '已变动次数',
  adjustTitle: '调整库存',
  delta: '增加或减少的数量',
  deltaHint: '整数：12 表示增加 12 件，-3 表示减少 3 件。',
  reason: '原因',
  note: '备注（可选）',
  noteHint: '最多 200 个字符，记入变动记录。',
  adjust: '调整',
  adjusted: (onHand) => `库存已调整：在库 ${onHand}。`,
  reasons: {
    received: '到货入库',
    returned: '退货入库',
    damaged: '损坏',
    lost: '丢失',
    correction: '更正',
    cycle_count: '盘点',
  },
  historyTitle: '变动记录',
  historyEmpty: '还没有变动。',
  historyColumns: { when: '时间', change: '变动', after: '变动后在库', reason: '原因', who: '操作者' },
  actorKinds: { merchant_user: '商家', installation: '应用', operator: '运维', shopper: '顾客', system: '系统' },
  errors: {
    required: '必填。',
    delta: '请输入不为 0 的整数，例如 12 或 -3。',
    tooMany: '超出店铺可持有的数量上限。',
    reason: '请选择原因。',
    note: '备注请不超过 200 个字符。',
    belowReserved: (reserved, onHand) => `未完成的结账预留了在库 ${onHand} 件中的 ${reserved} 件：在库不能低于 ${reserved}。`,
    belowZero: (onHand) => `在库只有 ${onHand} 件：不能减少超过这个数量。`,
    threshold: '请输入 0 到 1,000,000 之间的整数。',
    gone: '该 SKU 已不存在。',
  },
};

export type InventoryText = typeof en;

export function inventoryText(locale: Locale): InventoryText {
  return locale === 'zh-CN' ? zh : en;
}

/** A SKU's option values as shoppers read them: "Black / M". */
export function optionSummary(values: Record<string, string>): string {
  return Object.values(values).join(' / ');
}

export function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}
