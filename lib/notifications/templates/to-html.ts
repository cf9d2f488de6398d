import { Fragment, type ReactNode, isValidElement } from 'react';

/**
 * Static markup of an e-mail template's element tree. React's own server renderer
 * (react-dom/server, which React Email's `render` calls) refuses to load under the `react-server`
 * condition that Next's server bundles, the worker and the commands run with; an e-mail needs none
 * of what it adds (no state, no effects, no hydration), so this walks the tree itself: function
 * and forwardRef/memo components are called, host elements written with their attributes and
 * inline styles, text escaped. React Email's components use no hooks.
 */
export function toStaticMarkup(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number' || typeof node === 'bigint') return escapeText(String(node));
  if (Array.isArray(node)) return node.map(toStaticMarkup).join('');
  if (!isValidElement(node)) throw new Error('an e-mail template may hold elements, text and arrays only');
  const { type } = node;
  const props = (node.props ?? {}) as Record<string, unknown> & { children?: ReactNode };
  if (type === Fragment) return toStaticMarkup(props.children);
  if (typeof type === 'function') return toStaticMarkup((type as (p: unknown) => ReactNode)(props));
  if (typeof type === 'object' && type !== null) {
    const exotic = type as { $$typeof?: symbol; render?: (p: unknown, ref: null) => ReactNode; type?: unknown };
    if (exotic.$$typeof === Symbol.for('react.forward_ref') && exotic.render) return toStaticMarkup(exotic.render(props, null));
    if (exotic.$$typeof === Symbol.for('react.memo')) return toStaticMarkup({ ...node, type: exotic.type } as ReactNode);
    throw new Error('unsupported element type in an e-mail template');
  }
  if (typeof type !== 'string') throw new Error('unsupported element type in an e-mail template');
  const attributes = Object.entries(props)
    .filter(([key, value]) => key !== 'children' && key !== 'ref' && key !== 'key' && key !== 'dangerouslySetInnerHTML' && value !== undefined && value !== null && value !== false && typeof value !== 'function')
    .map(([key, value]) => {
      const name = key === 'className' ? 'class' : key === 'htmlFor' ? 'for' : key;
      if (value === true) return ` ${name}`;
      const text = key === 'style' && typeof value === 'object' ? styleText(value as Record<string, unknown>) : String(value);
      return ` ${name}="${escapeAttribute(text)}"`;
    })
    .join('');
  if (voidElements.has(type)) return `<${type}${attributes}/>`;
  const inner = (props.dangerouslySetInnerHTML as { __html?: string } | undefined)?.__html ?? toStaticMarkup(props.children);
  return `<${type}${attributes}>${inner}</${type}>`;
}

const voidElements = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const unitless = new Set(['fontWeight', 'lineHeight', 'opacity', 'zIndex', 'flex', 'flexGrow', 'flexShrink', 'order', 'zoom']);

function styleText(style: Record<string, unknown>): string {
  return Object.entries(style)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${k.startsWith('--') ? k : k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).replace(/^ms-/, '-ms-')}:${typeof v === 'number' && v !== 0 && !unitless.has(k) ? `${v}px` : String(v)}`)
    .join(';');
}

function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(s: string): string {
  return escapeText(s).replace(/"/g, '&quot;');
}
