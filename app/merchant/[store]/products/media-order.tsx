'use client';

import { type DragEvent, type ReactNode, startTransition, useActionState, useOptimistic, useState } from 'react';
import type { Locale } from '@/lib/schemas/common';
import { reorderMediaAction } from './actions';
import { productsText } from './text';

/**
 * The editor's images in their order, each one's picture a drag source (native HTML5 drag and
 * drop) and each item a drop target: an image dropped on another's item takes that place, the
 * list shows the new order at once and the whole order is saved through the same media service as
 * the Move up / Move down buttons (which stay: they are the keyboard's and the screen reader's
 * way). The move is announced in a status line. Without script the buttons alone order.
 */
export function MediaOrder(props: { locale: Locale; store: string; productId: string; items: { id: string; picture: ReactNode; body: ReactNode }[] }) {
  const t = productsText(props.locale);
  // The server's order, or the dropped one while it is being saved (a refused save falls back to the server's).
  const [ids, showOrder] = useOptimistic(props.items.map((m) => m.id));
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const [announced, setAnnounced] = useState('');
  const [state, save, pending] = useActionState(reorderMediaAction, null);
  const byId = new Map(props.items.map((m) => [m.id, m]));

  const drop = (target: string) => {
    const from = dragged === null ? -1 : ids.indexOf(dragged);
    const to = ids.indexOf(target);
    setDragged(null);
    setOver(null);
    if (from < 0 || to < 0 || from === to) return;
    const next = [...ids];
    next.splice(to, 0, next.splice(from, 1)[0]!);
    setAnnounced(t.moved(props.items.findIndex((m) => m.id === dragged) + 1, to + 1));
    const form = new FormData();
    form.set('store', props.store);
    form.set('productId', props.productId);
    for (const id of next) form.append('mediaIds', id);
    startTransition(() => {
      showOrder(next);
      save(form);
    });
  };
  const onDragOver = (id: string) => (e: DragEvent) => {
    if (dragged === null) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    if (over !== id) setOver(id);
  };

  return (
    <>
      <p className="mcc-hint" id="media-drag-hint">
        {t.dragHint}
      </p>
      <ol className="mp-media" data-testid="media-list" aria-describedby="media-drag-hint" aria-busy={pending || undefined}>
        {ids
          .filter((id) => byId.has(id))
          .map((id, i) => {
          const item = byId.get(id)!;
          return (
            <li
              key={id}
              data-testid="media-item"
              data-media-id={id}
              data-drop-target={over === id && dragged !== id ? 'true' : undefined}
              onDragOver={onDragOver(id)}
              onDragLeave={() => setOver((o) => (o === id ? null : o))}
              onDrop={(e) => {
                e.preventDefault();
                drop(id);
              }}
            >
              <div
                className="mp-drag"
                draggable
                title={t.dragHandle(i + 1)}
                data-testid="drag-handle"
                onDragStart={(e) => {
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', id);
                  setDragged(id);
                }}
                onDragEnd={() => {
                  setDragged(null);
                  setOver(null);
                }}
              >
                {item.picture}
              </div>
              {item.body}
            </li>
          );
        })}
      </ol>
      <p className="mcc-hint" role="status" data-testid="media-order-status">
        {state?.message ?? announced}
      </p>
    </>
  );
}
